/**
 * Where uploaded files live. Services talk to this interface only, so the local folder (default) can be
 * replaced by object storage without touching them. Keys look like `avatars/users/7/3f9c….webp`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`unsafe storage key: ${key}`);
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write to a temporary name first so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const file = this.pathOf(key);
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
