/**
 * Where uploaded files live. Services talk to this interface only: the local folder (default, below) or an
 * S3-compatible bucket (lib/s3-storage.ts, when S3_BUCKET is set; docs/decisions/0039). Keys look like
 * `avatars/users/7/3f9c….webp`.
 */
import { createReadStream, type Dirent } from 'node:fs';
import { lstat, mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** A file as the storage holds it, for the orphan sweep (lib/orphan-files.ts). */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when nothing is stored under the key (or the key is not a safe one). */
  get(key: string): Promise<StoredFile | null>;
  /**
   * The stored size in bytes, or null like get. Optional: the copy into object storage (lib/copy-files.ts) needs it
   * of its target; both storages here have it.
   */
  size?(key: string): Promise<number | null>;
  /** Deleting a missing key is no error. */
  delete(key: string): Promise<void>;
  /**
   * Every file held, temporary files of unfinished writes included, a few at a time. Optional: a storage
   * that cannot list is simply not swept for orphans.
   */
  list?(): AsyncIterable<ListedFile>;
  /** Releases what the storage holds open (object storage's connections); the app calls it when it closes. */
  close?(): void;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** A half-written file `LocalFileStorage.put` leaves behind when its process dies before the rename. */
export function isTemporaryKey(key: string): boolean {
  return /\.\d+\.tmp$/.test(key);
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

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Walks the folder one directory at a time (never the whole tree in memory). Symbolic links are neither
   * followed nor listed, and names that are not safe keys are left out, so nothing outside the root (or
   * put there by hand under an odd name) is ever offered for deletion. A missing root lists nothing.
   */
  list(): AsyncIterable<ListedFile> {
    return this.walk('');
  }

  private async *walk(prefix: string): AsyncGenerator<ListedFile> {
    let folder: AsyncIterable<Dirent>;
    try {
      folder = await opendir(path.join(this.root, prefix));
    } catch (error) {
      // No upload yet, or a folder removed while we walk.
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of folder) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        yield* this.walk(key);
      } else if (entry.isFile() && isSafeKey(key)) {
        const info = await lstat(path.join(this.root, key)).catch(() => null);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
