/**
 * Serves stored files. Keys are unguessable, and each folder has its own rule for who may read it:
 * landlord logos are public (the login screen shows them before sign-in); avatars need a signed-in
 * user; anything else (ticket images) is refused here and served by its own feature with its checks.
 */
import type { FastifyInstance } from 'fastify';
import { notFound, unauthenticated } from '../../lib/errors';

const MIME_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export function uploadRoutes(app: FastifyInstance): void {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const isPublic = key.startsWith('logos/');
    const needsUser = key.startsWith('avatars/');
    if (!isPublic && !needsUser) throw notFound();
    if (needsUser && !request.user) throw unauthenticated();
    let file: Awaited<ReturnType<typeof app.storage.get>> = null;
    try {
      file = await app.storage.get(key);
    } catch {
      file = null;
    }
    if (!file) throw notFound();
    const extension = key.split('.').pop() ?? '';
    return (
      reply
        .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        // Keys change whenever a file is replaced, so a stored file never changes under its name.
        .header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`)
        .send(file.stream)
    );
  });
}
