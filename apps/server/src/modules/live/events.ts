/**
 * What the database says on the live channel (migration 0035, ADR 0046) and how a process reads it. The triggers
 * name the tickets and users whose data changed, by id; a deleted ticket, gone before anyone can ask who saw it, is
 * announced by `announceDeletedTickets` with its audience, read in the deleting transaction.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type TicketAudience, ticketAudiences } from '../tickets/queries';

/** The channel of migration 0035's triggers. */
export const LIVE_CHANNEL = 'mend_live';

/** PostgreSQL refuses a payload of 8,000 bytes or more; a deleted tickets' message is split below that. */
const PAYLOAD_BYTES = 7000;

const ids = z.array(z.number().int()).nullable();
const audience = z.object({
  id: z.number().int(),
  landlord: z.array(z.number().int()),
  unit: z.array(z.number().int()),
  routed: z.array(z.number().int()),
});

/**
 * One message: tickets changed (null: more than the trigger names, a bulk write), users' notifications changed
 * (null likewise), or tickets deleted with who could see them.
 */
const liveMessage = z.union([
  z.object({ tickets: ids }),
  z.object({ users: ids }),
  z.object({ deleted: z.array(audience) }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** The message of a payload, or null for one this version does not read. */
export function readLiveMessage(payload: string): LiveMessage | null {
  try {
    const parsed = liveMessage.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Announces, in the transaction about to delete them, the tickets `ids` with who may see them now: delivered when
 * it commits, like the triggers' messages.
 */
export async function announceDeletedTickets(tx: Db, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const audiences = await ticketAudiences(tx, ticketIds);
  for (const payload of payloadsOf(audiences))
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** The deleted tickets' messages, each under the payload limit. */
function payloadsOf(audiences: TicketAudience[]): string[] {
  const payloads: string[] = [];
  let batch: TicketAudience[] = [];
  let size = 0;
  for (const one of audiences) {
    const length = JSON.stringify(one).length + 1;
    if (batch.length > 0 && size + length > PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ deleted: batch }));
      batch = [];
      size = 0;
    }
    batch.push(one);
    size += length;
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ deleted: batch }));
  return payloads;
}
