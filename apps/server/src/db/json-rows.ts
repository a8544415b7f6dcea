/**
 * Rows that a statement returns as JSON (`json_agg` of a table's rows: keys are column names, timestamps are
 * text), turned back into the rows drizzle would have returned. A statement can then read a list as one
 * column beside something else, in one round trip (the bell's poll reads its session that way).
 */
import { getTableColumns, type Table } from 'drizzle-orm';

/** Reads `json_agg` rows of `table` (every column, as `select *` of it gives them) into drizzle's rows. */
export function jsonRowReader<T extends Table>(
  table: T,
): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const { key, column } of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
