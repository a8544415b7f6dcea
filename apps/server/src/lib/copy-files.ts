/**
 * Copies every file of one storage into another: the local uploads folder into the S3 bucket (`copy-files-to-s3`,
 * cli.ts, when a server moves to object storage; docs/decisions/0039). A file the target already holds at the same
 * size is skipped (keys never change content: a replaced file gets a new key), so a second run copies nothing and an
 * interrupted run picks up where it stopped. Half-written temporary files are left behind. The source is only read.
 */
import { type FileStorage, isTemporaryKey } from './storage';

export interface CopyResult {
  copied: number;
  /** Already in the target at the same size. */
  skipped: number;
  failed: number;
  /** Bytes copied. */
  bytes: number;
}

export type CopyOutcome = 'copied' | 'skipped' | 'failed';

export interface CopyOptions {
  /** Count what would be copied, copy nothing. */
  dryRun?: boolean;
  /** Files copied at once (each is a request to the target). */
  concurrency?: number;
  /** Called once per file, with the error of a failed one. */
  onFile?: (key: string, outcome: CopyOutcome, error?: unknown) => void;
}

/** A storage that tells sizes without reading: both of ours. */
export type SizedStorage = FileStorage & Required<Pick<FileStorage, 'size'>>;

export async function copyFiles(
  source: SizedStorage,
  target: SizedStorage,
  options: CopyOptions = {},
): Promise<CopyResult> {
  if (!source.list) throw new Error('the source storage cannot list its files');
  const result: CopyResult = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  // One listing shared by the workers: an async generator hands each `next()` its own file, in turn.
  const files = source.list()[Symbol.asyncIterator]();
  const done = (key: string, outcome: CopyOutcome, error?: unknown) => {
    result[outcome]++;
    options.onFile?.(key, outcome, error);
  };
  const work = async () => {
    for (let next = await files.next(); !next.done; next = await files.next()) {
      const { key } = next.value;
      if (isTemporaryKey(key)) continue;
      try {
        const size = await source.size(key);
        // Gone since it was listed (the sweep, or a user replacing it).
        if (size === null) continue;
        if ((await target.size(key)) === size) {
          done(key, 'skipped');
          continue;
        }
        if (!options.dryRun) {
          const stored = await source.get(key);
          if (!stored) continue;
          // Uploads are at most a few megabytes (the multipart limit): read whole, sent in one request.
          await target.put(key, await readAll(stored.stream));
        }
        result.bytes += size;
        done(key, 'copied');
      } catch (error) {
        done(key, 'failed', error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, work));
  return result;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
