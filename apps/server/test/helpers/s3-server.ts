/**
 * A real S3-protocol server for the storage tests: s3rver, listening on 127.0.0.1 at a free port and keeping its
 * objects in a throw-away folder. Only the tests that need object storage start one (never the global setup). The
 * AWS SDK talks to it as to any S3-compatible service; it knows its own access key id only (it reads SigV4
 * signatures without checking them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config';

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** The settings of one of its buckets, as loadConfig makes them. */
  config(bucket: string): S3Config;
  /** The S3_* variables of one of its buckets (for createTestApp's `env`, or the CLI's environment). */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver encrypts its ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17 and later) keeps in
 * its legacy provider only, so every listing longer than one page fails with InternalError. Triple DES with the key
 * three times over is the same cipher, in the default provider: 'des' is mapped to it in the process that runs
 * s3rver, and only where 'des' would throw (nothing that works today changes).
 */
function allowSingleDes(): void {
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return;
  } catch {
    // ERR_OSSL_EVP_UNSUPPORTED: map it below.
  }
  const tripled = (key: unknown) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const cipher = crypto.createCipheriv as (...args: unknown[]) => unknown;
  const decipher = crypto.createDecipheriv as (...args: unknown[]) => unknown;
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: unknown, ...rest: unknown[]) =>
      algorithm === 'des' ? cipher('des-ede3-cbc', tripled(key), ...rest) : cipher(algorithm, key, ...rest),
    createDecipheriv: (algorithm: string, key: unknown, ...rest: unknown[]) =>
      algorithm === 'des'
        ? decipher('des-ede3-cbc', tripled(key), ...rest)
        : decipher(algorithm, key, ...rest),
  });
}

/** Starts the server with `buckets` created (empty). */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  allowSingleDes();
  const directory = mkdtempSync(path.join(tmpdir(), 'mend-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: (bucket) => ({
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    }),
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    }),
    close: async () => {
      // Kept-alive connections of the SDK would hold close() open.
      (server as unknown as { httpServer?: Server }).httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
