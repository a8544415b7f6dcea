/**
 * Turns a multipart form (SPEC.md section 7: `name[]` arrays, `name[key]` objects, files) into a plain
 * object, so route handlers and zod schemas see the same shape whether the client sent multipart or JSON.
 */

import { en } from '@mend/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  /** What the client claims; never trusted — uploads are checked by their bytes. */
  declaredType: string;
  data: Buffer;
}

/** Hard limits of the parser itself; the product's own, friendlier limits are checked by the services. */
export const MULTIPART_LIMITS = {
  fileSize: 8 * 1024 * 1024,
  files: 20,
  fields: 1000,
  fieldSize: 1024 * 1024,
  parts: 1100,
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Splits `a[b][]` into ['a', 'b', ''] (an empty segment means "append"). */
export function parseFieldName(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...rest];
}

type Container = Record<string, unknown> | unknown[];

/** Sets a value at a bracket path, creating objects and arrays on the way. */
export function setFieldValue(target: Record<string, unknown>, name: string, value: unknown): void {
  const segments = parseFieldName(name);
  if (segments.some((segment) => FORBIDDEN_KEYS.has(segment))) return;
  let node: Container = target;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const last = i === segments.length - 1;
    const nextIsArray = !last && (segments[i + 1] === '' || /^\d+$/.test(segments[i + 1]));
    if (Array.isArray(node)) {
      const index = segment === '' ? node.length : Number(segment);
      if (!Number.isInteger(index) || index > 10_000) return;
      if (last) node[index] = value;
      else {
        if (typeof node[index] !== 'object' || node[index] === null) node[index] = nextIsArray ? [] : {};
        node = node[index] as Container;
      }
    } else {
      if (last) {
        node[segment] = value;
      } else {
        const existing = node[segment];
        if (typeof existing !== 'object' || existing === null) node[segment] = nextIsArray ? [] : {};
        node = node[segment] as Container;
      }
    }
  }
}

/** Reads a whole multipart request into `{ body, files }`. */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  const body: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input is sent as a part without a name or bytes: not an upload.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, filename: part.filename, declaredType: part.mimetype, data });
      } else {
        setFieldValue(body, part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { body, files };
}

function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, en.errors.fileTooBig);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, en.errors.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, en.errors.payloadTooLarge);
  if (code === 'FST_PROTO_VIOLATION') return new AppError(400, en.errors.validation);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(400, en.errors.validation);
  // busboy's own refusals of a body that is not a multipart form (no boundary, cut short, bad headers).
  if (
    error instanceof Error &&
    /Unexpected end of|Malformed|Boundary not found|Content-Type/i.test(error.message)
  ) {
    return new AppError(400, en.errors.validation);
  }
  return error;
}

/**
 * How deeply a request body may nest (objects and arrays). Forms nest three levels (`availability[0][start]`);
 * a body nested thousands deep is an attack on every piece of code that walks values recursively.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed body nests deeper than `limit` (checked without recursion, so any depth is safe). */
export function nestsDeeperThan(value: unknown, limit: number = MAX_BODY_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Refuses (400) a body that nests deeper than MAX_BODY_DEPTH, whatever parsed it (JSON or multipart). */
export function assertBodyDepth(body: unknown): void {
  if (nestsDeeperThan(body)) throw new AppError(400, en.errors.validation);
}
