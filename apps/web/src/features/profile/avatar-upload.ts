/** The avatar rule of the profile (SPEC.md sections 5 and 9): one image under 1,000,000 bytes. */
import { checkAvatar } from '@mend/shared';

/** The message for the picked or dropped files ("File too big", "Too many files", the type message), or null. */
export function avatarFilesError(files: readonly { size: number; type: string }[]): string | null {
  if (files.length === 0) return null;
  return checkAvatar(files.map((file) => ({ size: file.size, type: file.type })));
}
