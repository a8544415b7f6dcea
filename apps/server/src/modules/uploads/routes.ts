/**
 * Serves stored files. Keys are unguessable, and each folder has its own rule for who may read it:
 * landlord logos are public (the login screen shows them before sign-in); pictures under avatars/
 * (`avatars/{users|units|properties}/{id}/…`) need a signed-in user of the record's landlord (or the
 * user itself, or the super admin), so a key never opens another landlord's pictures; anything else
 * (ticket images) is refused here and served by its own feature with its checks.
 */
import { can } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { properties, units, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound, unauthenticated } from '../../lib/errors';

const MIME_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const PICTURE_KEY = /^avatars\/(users|units|properties)\/(\d{1,9})\//;

/** The landlord of the record a picture belongs to (null: none, or no such record). */
async function landlordOfPicture(db: Db, folder: string, id: number): Promise<number | null> {
  if (folder === 'users') {
    const [row] = await db.select({ landlordId: users.landlordId }).from(users).where(eq(users.id, id));
    return row?.landlordId ?? null;
  }
  if (folder === 'properties') {
    const [row] = await db
      .select({ landlordId: properties.landlordId })
      .from(properties)
      .where(eq(properties.id, id));
    return row?.landlordId ?? null;
  }
  const [row] = await db
    .select({ landlordId: properties.landlordId })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, id));
  return row?.landlordId ?? null;
}

/** Whether the signed-in actor may see a picture under avatars/ (the landlord boundary, see above). */
async function mayReadPicture(db: Db, actor: Actor, key: string): Promise<boolean> {
  if (can(actor, 'picture.viewAll')) return true;
  const match = PICTURE_KEY.exec(key);
  if (!match) return false;
  const [, folder, rawId] = match;
  if (folder === 'users' && Number(rawId) === actor.id) return true;
  const landlordId = await landlordOfPicture(db, folder, Number(rawId));
  return landlordId !== null && landlordId === actor.landlordId;
}

export function uploadRoutes(app: FastifyInstance): void {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const isPublic = key.startsWith('logos/');
    const needsUser = key.startsWith('avatars/');
    if (!isPublic && !needsUser) throw notFound();
    if (needsUser) {
      if (!request.actor) throw unauthenticated();
      if (!(await mayReadPicture(app.db, request.actor, key))) throw notFound();
    }
    // A key nothing is stored under (or an unsafe one) reads as null; a storage that fails (object storage out
    // of reach) is a logged 500, not a quiet 404.
    const file = await app.storage.get(key);
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
