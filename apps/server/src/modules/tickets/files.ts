/**
 * Ticket files (SPEC.md sections 5 and 9): at most 5 per ticket, each at most 1,000,000 bytes, jpeg, png,
 * gif or pdf as read from the bytes. Images are re-encoded (which drops EXIF and GPS blocks and defuses
 * polyglots) and get a 320 px thumbnail; PDFs are kept as sent. Everything is checked and converted
 * before anything is stored, and stored files are removed again if the database write fails.
 */
import {
  checkTicketImages,
  checkUploadCount,
  en,
  TICKET_IMAGE_MAX_FILES,
  TICKET_IMAGE_MAX_PIXELS,
} from '@mend/shared';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { UploadedFile } from '../../lib/form-body';
import type { FileStorage } from '../../lib/storage';
import { detectMime, filesFor, newStorageKey } from '../../lib/uploads';

/** The form field of ticket files (`images` or `images[]`). */
export const IMAGES_FIELD = 'images';

/** Longest side of a stored image (shared: the browser scales a heavy photo to it) and of its thumbnail. */
export const IMAGE_PIXELS = TICKET_IMAGE_MAX_PIXELS;
export const THUMBNAIL_PIXELS = 320;

/** A checked and converted file, not stored yet. */
export interface PreparedFile {
  data: Buffer;
  mimeType: string;
  extension: string;
  thumbnail: Buffer | null;
  originalName: string;
}

const SHARP_INPUT = { limitInputPixels: 40_000_000 };

async function reencode(data: Buffer, mime: string): Promise<{ data: Buffer; extension: string }> {
  const bounded = { fit: 'inside', withoutEnlargement: true } as const;
  if (mime === 'image/gif') {
    const out = await sharp(data, { ...SHARP_INPUT, animated: true })
      .resize(IMAGE_PIXELS, IMAGE_PIXELS, bounded)
      .gif()
      .toBuffer();
    return { data: out, extension: 'gif' };
  }
  // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
  const image = sharp(data, SHARP_INPUT).rotate().resize(IMAGE_PIXELS, IMAGE_PIXELS, bounded);
  if (mime === 'image/png') return { data: await image.png().toBuffer(), extension: 'png' };
  return { data: await image.jpeg({ quality: 85 }).toBuffer(), extension: 'jpg' };
}

async function thumbnailOf(data: Buffer): Promise<Buffer> {
  return sharp(data, { ...SHARP_INPUT, animated: false })
    .rotate()
    .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** A display name for the file: no path, no control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 200);
}

/**
 * Checks and converts the files of a form. `kept` is how many files the ticket keeps (on edit), so the
 * total stays within 5. Answers the prepared files, or the one message for their field (`images`, a
 * comment's `attachments`). With
 * `convert: false` only the count, sizes and types are checked (the form has other problems anyway).
 */
export async function prepareTicketFiles(
  files: UploadedFile[],
  kept = 0,
  { convert = true, field = IMAGES_FIELD }: { convert?: boolean; field?: string } = {},
): Promise<{ prepared: PreparedFile[]; problem: string | null }> {
  const given = filesFor(files, field);
  if (given.length === 0) return { prepared: [], problem: null };
  const mimes = await Promise.all(given.map((file) => detectMime(file.data)));
  const problem =
    checkUploadCount(kept + given.length, TICKET_IMAGE_MAX_FILES) ??
    checkTicketImages(given.map((file, i) => ({ size: file.data.length, type: mimes[i] })));
  if (problem || !convert) return { prepared: [], problem };
  const prepared: PreparedFile[] = [];
  for (const [i, file] of given.entries()) {
    const mime = mimes[i];
    const originalName = cleanName(file.filename);
    if (mime === 'application/pdf') {
      prepared.push({ data: file.data, mimeType: mime, extension: 'pdf', thumbnail: null, originalName });
      continue;
    }
    try {
      const { data, extension } = await reencode(file.data, mime);
      prepared.push({ data, mimeType: mime, extension, thumbnail: await thumbnailOf(data), originalName });
    } catch {
      // Bytes that start like an image but do not decode as one.
      return { prepared: [], problem: en.errors.fileType };
    }
  }
  return { prepared, problem: null };
}

export interface StoredFile extends PreparedFile {
  storageKey: string;
  thumbnailKey: string | null;
}

/** Where a ticket's files live: `tickets/{ticketId}/…` (the uploads route refuses this folder). */
export const ticketFolder = (ticketId: number) => `tickets/${ticketId}`;

/** Stores prepared files; if one fails, the ones already stored are removed and the error is rethrown. */
export async function storeTicketFiles(
  storage: FileStorage,
  log: FastifyBaseLogger,
  ticketId: number,
  prepared: PreparedFile[],
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of prepared) {
      const storageKey = newStorageKey(ticketFolder(ticketId), file.extension);
      await storage.put(storageKey, file.data);
      const entry: StoredFile = { ...file, storageKey, thumbnailKey: null };
      stored.push(entry);
      if (file.thumbnail) {
        const thumbnailKey = newStorageKey(`${ticketFolder(ticketId)}/thumbnails`, 'webp');
        await storage.put(thumbnailKey, file.thumbnail);
        entry.thumbnailKey = thumbnailKey;
      }
    }
  } catch (error) {
    await discardFiles(storage, log, keysOf(stored));
    throw error;
  }
  return stored;
}

export function keysOf(files: { storageKey: string; thumbnailKey: string | null }[]): string[] {
  return files.flatMap((file) =>
    file.thumbnailKey ? [file.storageKey, file.thumbnailKey] : [file.storageKey],
  );
}

/**
 * Removes files no row points at any more. A failure is logged, not answered: the write it follows has
 * already succeeded (or already failed for another reason).
 */
export async function discardFiles(
  storage: FileStorage,
  log: FastifyBaseLogger,
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove a stored ticket file');
    }
  }
}
