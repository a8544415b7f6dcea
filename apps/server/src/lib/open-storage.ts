/** The storage of uploads the configuration asks for: the S3 bucket when S3_BUCKET is set, else the local folder. */
import path from 'node:path';
import type { Config } from '../config';
import { type FileStorage, LocalFileStorage } from './storage';

/** The local folder of uploads: `uploads` in the data folder (also the source of `copy-files-to-s3`, cli.ts). */
export function localUploadsFolder(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

export async function openFileStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return new LocalFileStorage(localUploadsFolder(config));
  // Loaded only when asked for: the AWS SDK is large, and a process keeping files in the data folder never needs it.
  const { S3FileStorage } = await import('./s3-storage');
  return new S3FileStorage(config.s3);
}

/** Where files are kept, for people: the bucket (and its service) or the folder. */
export function describeFileStorage(config: Pick<Config, 'dataDir' | 's3'>): string {
  if (!config.s3) return localUploadsFolder(config);
  const service = config.s3.endpoint ?? `AWS S3, ${config.s3.region}`;
  return `bucket ${config.s3.bucket} (${service})`;
}
