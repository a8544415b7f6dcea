/**
 * Upload rules (SPEC.md sections 5 and 9) as plain functions, since files are not form text.
 * Each returns the message to show, or null when the files pass.
 */
import {
  ACCEPTED_AVATAR_MIME_TYPES,
  ACCEPTED_UPLOAD_MIME_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_FILES,
  TICKET_IMAGE_MAX_BYTES,
  TICKET_IMAGE_MAX_FILES,
} from '../constants';
import { en } from '../messages';

/** What the checks need of a file: a browser File and a parsed multipart part both fit. */
export interface UploadInfo {
  size: number;
  /** MIME type; the server should pass the type detected from the bytes, not the declared one. */
  type: string;
}

/** "Too many files" when more than `max` files are given. */
export function checkUploadCount(count: number, max: number = AVATAR_MAX_FILES): string | null {
  return count > max ? en.errors.tooManyFiles : null;
}

/** "File too big" when a file is `maxBytes` or larger (avatars must be strictly under 1,000,000 bytes). */
export function checkUploadSize(bytes: number, maxBytes: number = AVATAR_MAX_BYTES): string | null {
  return bytes >= maxBytes ? en.errors.fileTooBig : null;
}

/** The file-type message when the type is not accepted. */
export function checkUploadType(
  type: string,
  accepted: readonly string[] = ACCEPTED_UPLOAD_MIME_TYPES,
): string | null {
  return accepted.includes(type.toLowerCase()) ? null : en.errors.fileType;
}

/** Avatar (user, unit, property, landlord): one image under 1,000,000 bytes. First failure wins. */
export function checkAvatar(files: readonly UploadInfo[]): string | null {
  return (
    checkUploadCount(files.length, AVATAR_MAX_FILES) ??
    files
      .map((file) => checkUploadSize(file.size) ?? checkUploadType(file.type, ACCEPTED_AVATAR_MIME_TYPES))
      .find(Boolean) ??
    null
  );
}

/** Ticket images: at most 5, each at most 1 MB (1,000,000 bytes), jpeg, png, gif or pdf. */
export function checkTicketImages(files: readonly UploadInfo[]): string | null {
  return (
    checkUploadCount(files.length, TICKET_IMAGE_MAX_FILES) ??
    files
      .map((file) => checkUploadSize(file.size, TICKET_IMAGE_MAX_BYTES + 1) ?? checkUploadType(file.type))
      .find(Boolean) ??
    null
  );
}
