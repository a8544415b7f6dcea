/**
 * Upload handling: types are read from the bytes (file-type), never from the name or the declared type;
 * images are re-encoded with sharp, which drops every metadata block (GPS location included) and
 * defuses polyglot files; nothing is stored until every file of the request has passed.
 */
import { randomBytes } from 'node:crypto';
import { checkAvatar, en } from '@mend/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { fieldError } from './errors';
import type { UploadedFile } from './form-body';

/** Avatars and logos are stored as square-bounded WebP images at most this many pixels wide and high. */
export const AVATAR_PIXELS = 512;

export async function detectMime(data: Buffer): Promise<string> {
  return (await fileTypeFromBuffer(data))?.mime ?? 'application/octet-stream';
}

/** The files a form sent under one field name (`avatar` or `avatar[]`). */
export function filesFor(files: UploadedFile[], field: string): UploadedFile[] {
  return files.filter((file) => file.field === field || file.field === `${field}[]`);
}

export interface ProcessedImage {
  data: Buffer;
  mime: 'image/webp';
  extension: 'webp';
}

/**
 * Checks and re-encodes the single avatar/logo of a form field; null when the form sent none.
 * Throws a 422 field error with SPEC.md's message ("Too many files", "File too big", the file-type message).
 */
export async function processAvatarUpload(
  files: UploadedFile[],
  field = 'avatar',
): Promise<ProcessedImage | null> {
  const given = filesFor(files, field);
  if (given.length === 0) return null;
  const infos = await Promise.all(
    given.map(async (file) => ({ size: file.data.length, type: await detectMime(file.data) })),
  );
  const problem = checkAvatar(infos);
  if (problem) throw fieldError(field, problem);
  try {
    const data = await sharp(given[0].data, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, mime: 'image/webp', extension: 'webp' };
  } catch {
    // Bytes that look like an image but do not decode as one.
    throw fieldError(field, en.errors.fileType);
  }
}

/** A fresh, unguessable storage key under a folder: `avatars/users/7/9f3c1a….webp`. */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}
