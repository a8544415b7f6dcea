/**
 * A private stored file (a ticket's or a comment's) as an answer, once its route has checked who asks: its
 * stored type, never sniffed, shown inline under a safe name, kept by the browser only.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors';
import type { FileStorage } from './storage';

/** The answer schema of a file route. */
export const privateFileAnswer = z.string().meta({ description: 'The file, as stored (an image or a PDF)' });

export interface PrivateFile {
  key: string;
  /** The name it was uploaded under. */
  name: string;
  mimeType: string;
}

export async function sendPrivateFile(storage: FileStorage, reply: FastifyReply, file: PrivateFile) {
  // Missing: 404; a storage that fails (object storage out of reach) is a logged 500.
  const stored = await storage.get(file.key);
  if (!stored) throw notFound();
  const extension = file.key.split('.').pop();
  const name = `${file.name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'file'}.${extension}`;
  return reply
    .type(file.mimeType)
    .header('content-length', stored.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, max-age=3600')
    .send(stored.stream);
}
