/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, …), when S3_BUCKET is set (issue 27,
 * docs/decisions/0039). The same contract as the local folder (lib/storage.ts): unsafe keys refused, a missing key
 * read as null, deleting twice no error, every object listed with its time. Files are still served only through the
 * app's routes, after their permission checks: the bucket stays private and its keys never leave the server.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertSafeKey, type FileStorage, isSafeKey, type ListedFile, type StoredFile } from './storage';

/** Stored with each object, so the bucket's own tools show what it holds (the app serves its own types). */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** Keys asked for per listing request: S3's own maximum. */
const DEFAULT_PAGE_SIZE = 1000;

export interface S3StorageOptions {
  /** Keys per ListObjectsV2 request (tests list several pages of a few files). */
  pageSize?: number;
}

export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;

  constructor(config: S3Config, options: S3StorageOptions = {}) {
    this.bucket = config.bucket;
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // The keys given, never the SDK's search of the environment, files and instance metadata for others.
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: several S3-compatible services refuse the SDK's default
      // CRC32 headers and trailers. Bodies are still signed (SigV4 over their SHA-256 on http endpoints).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    // One request: S3 makes an object visible whole or not at all, so a reader never sees half a file.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stream = answer.Body as Readable | undefined;
    if (!stream || answer.ContentLength === undefined) {
      stream?.destroy();
      throw new Error(`object storage answered ${key} without a body or its length`);
    }
    // Streamed as it arrives: the app pipes it to the client without holding the file in memory.
    return { stream, size: answer.ContentLength };
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a key it does not hold: deleting twice is no error.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Every object of the bucket, a page at a time (ListObjectsV2 with its continuation token). Like the local
   * folder's listing, keys that are not safe keys (and "folder" markers ending in a slash) are left out, so the
   * orphan sweep is never offered them.
   */
  async *list(): AsyncGenerator<ListedFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: this.pageSize, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key;
        if (!key || key.endsWith('/') || !isSafeKey(key)) continue;
        // Without a time an object counts as new, so the sweep leaves it alone.
        yield { key, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

/** S3's answer for a key it does not hold: NoSuchKey from GET, a bare 404 (NotFound) from HEAD. */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
