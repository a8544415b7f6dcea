/**
 * The tenant's answer to a completed ticket (issue 25): the repair is done, rated RATING_MIN to RATING_MAX stars with
 * an optional comment; or it is not, and the ticket goes back to In Progress with the reason, the contractor that holds
 * the job and the managers told. A rating at LOW_RATING_MAX or below alerts the managers.
 *
 * - Only the ticket's tenant answers (`ticket.signOff`), the question asked now (signoffs/ask.ts), once (409 after).
 * - In the app, or from the signed link of its email or SMS without signing in, which answers only the question it was
 *   made for (a later completion asks anew: 409 for the old link).
 * - Every answer locks the ticket first, so it takes turns with any other change of it; time is the app's clock.
 */
import {
  type ApiSignoffLink,
  type ApiSignoffLinkAnswer,
  type ApiTicketAssignmentResponse,
  can,
  en,
  format,
  RATING_MAX,
  STATUS,
  signoffConfirmSchema,
  signoffReopenSchema,
  visibleId,
} from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  properties,
  type TicketSignoffRow,
  ticketLog,
  ticketSignoffs,
  tickets,
  units,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { parseForm } from '../../lib/record-helpers';
import { verifyTicketLinkToken } from '../../lib/tokens';
import { assignmentOf, lockTicket, nameOf } from '../assignments/queries';
import { unitNameColumn } from '../tickets/place';
import { findTicketRow } from '../tickets/queries';
import { answerWithTicket, type Viewer } from '../tickets/service';
import { writeStatus } from '../tickets/status';
import { displayName, toSeconds } from '../users/serialize';
import { notifyRated, notifyReopened } from './notify';

const s = en.tickets.signoff;
const conflict = (message: string) => new AppError(409, message);

/** Who answers: its id and the name written into the log. */
type Person = Pick<Viewer, 'id' | 'name'>;

export type SignoffAnswer =
  | { confirm: true; rating: number; comment: string }
  | { confirm: false; reason: string };

async function parseAnswer(confirm: boolean, body: unknown): Promise<SignoffAnswer> {
  if (confirm) {
    const { values } = await parseForm(signoffConfirmSchema, body, [], null);
    return { confirm: true, rating: values.rating, comment: values.comment };
  }
  const { values } = await parseForm(signoffReopenSchema, body, [], null);
  return { confirm: false, reason: values.reason };
}

/** The question asked now of a ticket, locked for the answer. */
async function askedSignoff(tx: Tx, ticketId: number): Promise<TicketSignoffRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketSignoffs)
    .where(and(eq(ticketSignoffs.ticketId, ticketId), eq(ticketSignoffs.state, 'asked')))
    .for('update');
  return row;
}

/**
 * Records the tenant's answer to the question asked now (`expected.askedAt`: the one a link was made for); 409 when
 * none is asked or it is not the link's, 403 when it was asked of another tenant.
 */
async function recordAnswer(
  ctx: ServiceContext,
  tenant: Person,
  ticketId: number,
  expected: { askedAt?: Date },
  answer: SignoffAnswer,
  now: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw notFound();
    const asked = await askedSignoff(tx, ticketId);
    const link = expected.askedAt !== undefined;
    if (!asked || (link && asked.askedAt.getTime() !== expected.askedAt?.getTime()))
      throw conflict(link ? s.linkStale : s.notAsked);
    if (asked.tenantId !== tenant.id) throw link ? conflict(s.linkStale) : forbidden(s.notYours);
    if (answer.confirm) {
      const [confirmed] = await tx
        .update(ticketSignoffs)
        .set({ state: 'confirmed', answeredAt: now, rating: answer.rating, comment: answer.comment })
        .where(eq(ticketSignoffs.id, asked.id))
        .returning();
      await tx.insert(ticketLog).values({
        ticketId,
        userId: tenant.id,
        action: 'signoff_confirmed',
        description: format(s.log.confirmed, { rating: answer.rating, max: RATING_MAX }),
        data: { signoff: asked.id, rating: answer.rating },
      });
      await notifyRated(tx, ctx.messaging, ticket, { ...confirmed, rating: answer.rating });
      return;
    }
    const [reopened] = await tx
      .update(ticketSignoffs)
      .set({ state: 'reopened', answeredAt: now, reopenReason: answer.reason })
      .where(eq(ticketSignoffs.id, asked.id))
      .returning();
    await tx.insert(ticketLog).values({
      ticketId,
      userId: tenant.id,
      action: 'signoff_reopened',
      description: format(s.log.reopened, { reason: answer.reason }),
      data: { signoff: asked.id },
    });
    await writeStatus(tx, ctx.messaging, ticket, STATUS.inProgress, tenant, now);
    const assignment = await assignmentOf(tx, ticketId);
    const holder = assignment && assignment.state !== 'declined' ? assignment.contractorId : null;
    await notifyReopened(tx, ctx.messaging, ticket, reopened, holder);
  });
}

// ---------------------------------------------------------------------------------------------------------
// In the app

/** POST tickets/{id}/signoff/confirm and …/reopen: the signed-in tenant answers. */
export async function answerSignoff(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  confirm: boolean,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await findTicketRow(ctx.db, viewer, ticketId);
  if (!row) throw notFound();
  if (!can(viewer, 'ticket.signOff', { tenantId: row.ticket.tenantId })) throw forbidden(s.notYours);
  const answer = await parseAnswer(confirm, body);
  await recordAnswer(ctx, viewer, ticketId, {}, answer, now);
  return answerWithTicket(ctx.db, viewer, ticketId, confirm ? s.confirmed : s.reopened);
}

// ---------------------------------------------------------------------------------------------------------
// The signed link (no sign-in)

/** The question a link names, with its tenant (who must still be one); 400 forged or expired, 409 no longer its. */
async function linkedSignoff(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<{ signoff: TicketSignoffRow; tenant: Person }> {
  const check = verifyTicketLinkToken(ctx.messaging.secret, 'signoff', token, now);
  if (!check.ok) throw new AppError(400, s.linkInvalid);
  const { claims } = check;
  const [found] = await ctx.db
    .select({ signoff: ticketSignoffs, user: users })
    .from(ticketSignoffs)
    .innerJoin(users, eq(users.id, ticketSignoffs.tenantId))
    .where(
      and(
        eq(ticketSignoffs.ticketId, claims.ticketId),
        eq(ticketSignoffs.tenantId, claims.userId),
        eq(ticketSignoffs.askedAt, claims.issuedAt),
      ),
    );
  const stillTheirs =
    found !== undefined &&
    can({ id: found.user.id, role: found.user.role, landlordId: null }, 'ticket.signOff', {
      tenantId: found.signoff.tenantId,
    });
  if (!stillTheirs) throw conflict(s.linkStale);
  return { signoff: found.signoff, tenant: { id: found.user.id, name: displayName(found.user) } };
}

/** What the link's page shows: the ticket, who did the work, and the answer if given. */
async function linkView(db: Db, signoff: TicketSignoffRow, tenant: Person): Promise<ApiSignoffLink> {
  const [row] = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      propertyName: properties.name,
      unitName: unitNameColumn,
    })
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .where(eq(tickets.id, signoff.ticketId));
  if (!row) throw notFound();
  return {
    ticket_id: row.id,
    visible_id: visibleId(row.id),
    title: row.title,
    property_name: row.propertyName,
    unit_name: row.unitName,
    tenant_name: tenant.name,
    contractor_name: signoff.contractorId === null ? '' : await nameOf(db, signoff.contractorId),
    state: signoff.state,
    asked_at_timestamp: toSeconds(signoff.askedAt),
    rating: signoff.rating,
    comment: signoff.comment,
    reopen_reason: signoff.reopenReason,
  };
}

/** GET signoff-links/{token} */
export async function showSignoffLink(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<ApiSignoffLink> {
  const { signoff, tenant } = await linkedSignoff(ctx, token, now);
  return linkView(ctx.db, signoff, tenant);
}

/** POST signoff-links/{token}/confirm and …/reopen: the tenant the link names answers, signed out. */
export async function answerSignoffLink(
  ctx: ServiceContext,
  token: string,
  confirm: boolean,
  body: unknown,
  now: Date,
): Promise<ApiSignoffLinkAnswer> {
  const { signoff, tenant } = await linkedSignoff(ctx, token, now);
  if (signoff.state !== 'asked')
    throw conflict(signoff.state === 'withdrawn' ? s.linkStale : s.alreadyAnswered);
  const answer = await parseAnswer(confirm, body);
  await recordAnswer(ctx, tenant, signoff.ticketId, { askedAt: signoff.askedAt }, answer, now);
  const [updated] = await ctx.db.select().from(ticketSignoffs).where(eq(ticketSignoffs.id, signoff.id));
  if (!updated) throw conflict(s.linkStale);
  return { message: confirm ? s.confirmed : s.reopened, data: await linkView(ctx.db, updated, tenant) };
}
