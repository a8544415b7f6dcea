/**
 * node-postgres reads each result's field list (`Result.addFields`, on every statement's RowDescription) and builds
 * from it an empty row object for its object row mode, by spreading a null-prototype object: V8 keeps such an object
 * in dictionary mode, and the copy cost about a tenth of a cheap request's CPU (a session lookup reads thirty
 * columns). Drizzle reads every select in array row mode, which never uses that object: for array results only the
 * field list and the parsers are kept. Object-mode results (raw `pool.query`) are left to pg as they are.
 */
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: 'text' | 'binary';
}

interface ResultInternals {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _parsers: ((value: unknown) => unknown)[] | undefined;
  _types: { getTypeParser(oid: number, format: 'text' | 'binary'): (value: unknown) => unknown } | undefined;
  addFields(fields: FieldDescription[]): void;
}

const patched = Symbol.for('mend.pg.arrayFieldsWithoutEmptyRow');

export function leanArrayResults(): void {
  const prototype = (pg as unknown as { Result: { prototype: ResultInternals & { [patched]?: true } } })
    .Result.prototype;
  if (prototype[patched]) return;
  const addFields = prototype.addFields;
  prototype.addFields = function (this: ResultInternals, fields: FieldDescription[]) {
    if (!this.rowAsArray) return addFields.call(this, fields);
    this.fields = fields;
    const types = this._types ?? pg.types;
    const parsers = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) {
      parsers[i] = types.getTypeParser(fields[i].dataTypeID, fields[i].format || 'text');
    }
    this._parsers = parsers;
  };
  prototype[patched] = true;
}
