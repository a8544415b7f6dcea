/** Public URL of a stored file. Uploaded files are stored by key (the storage interface comes with uploads). */
export function fileUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}
