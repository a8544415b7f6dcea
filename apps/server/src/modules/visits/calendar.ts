/**
 * The calendar of visits (issue 25): the screen's read (GET visits) and each user's private feed (.ics).
 * Both read the proposed and booked visits of the tickets the user sees (`visibleTickets`); a contractor's are its own
 * visits only. A visit lasts at most VISIT_MAX_HOURS, so a span's visits are found from the start-time index between
 * the span's start less that and its end. `?landlord_id=` narrows the screen's read to one landlord's properties
 * (the super admin's calendar names one: the whole portfolio's week is thousands of visits); like every list filter,
 * it narrows what the viewer sees and never widens it (another landlord's id shows a manager nothing).
 */
import {
  ACTIVE_VISIT_STATES,
  type Actor,
  type ApiCalendar,
  type ApiCalendarFeed,
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_VISITS,
  can,
  en,
  ticketScope,
  unitNameOrWhole,
  VISIT_MAX_HOURS,
  visibleId,
  wordsOf,
} from '@mend/shared';
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ical, { ICalEventStatus } from 'ical-generator';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { shaped, viewerIn, viewerShape } from '../../db/reusable';
import { properties, tickets, ticketVisits, units, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { optionalIdFilter } from '../../lib/contracts';
import { forbidden, notFound } from '../../lib/errors';
import { propertiesOfLandlord } from '../../lib/scopes';
import { signCalendarToken, verifyCalendarToken } from '../../lib/tokens';
import { ticketAddress, unitNameColumn } from '../tickets/place';
import { visibleTickets, visibleWholeProperties } from '../tickets/queries';
import { absoluteLink } from '../tickets/routing';
import { displayName } from '../users/serialize';
import { serializeCalendarVisit } from './serialize';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const contractorUser = alias(users, 'contractor');

/**
 * A visit proposed or booked, with its states written into the statement, as the partial indexes' own condition: sent
 * as values, they hid those indexes from the prepared statement's generic plan, and every call was planned anew.
 */
const isActiveVisit: SQL = sql`${ticketVisits.state} in (${sql.raw(
  ACTIVE_VISIT_STATES.map((state) => `'${state}'`).join(', '),
)})`;

/**
 * The proposed and booked visits `viewer` sees that overlap [from, to), by start (of one landlord's properties when
 * `landlordId` is given); up to `limit` + 1. One statement per viewer shape, prepared (planning its joins cost more
 * than reading a manager's week).
 */
async function visitsOf(db: Db, viewer: Actor, from: Date, to: Date, limit: number, landlordId?: number) {
  const viewerPart = viewerShape(viewer);
  const shape = Object.assign({}, viewerPart.shape, { byLandlord: landlordId !== undefined });
  const query = shaped(db, 'calendar_visits', shape, (db, shape, p) => {
    const actor = viewerIn(shape, p);
    return db
      .select({
        visit: {
          id: ticketVisits.id,
          ticketId: ticketVisits.ticketId,
          contractorId: ticketVisits.contractorId,
          state: ticketVisits.state,
          startsAt: ticketVisits.startsAt,
          endsAt: ticketVisits.endsAt,
          inWindow: ticketVisits.inWindow,
          reason: ticketVisits.reason,
          createdAt: ticketVisits.createdAt,
        },
        contractor: {
          firstName: contractorUser.firstName,
          lastName: contractorUser.lastName,
          companyName: contractorUser.companyName,
          email: contractorUser.email,
        },
        title: tickets.title,
        propertyName: properties.name,
        address: ticketAddress,
        city: properties.city,
        unitName: unitNameColumn,
        timeZone: properties.timeZone,
      })
      .from(ticketVisits)
      .innerJoin(tickets, eq(tickets.id, ticketVisits.ticketId))
      .leftJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(contractorUser, eq(contractorUser.id, ticketVisits.contractorId))
      .where(
        and(
          isActiveVisit,
          gt(ticketVisits.startsAt, p.after),
          lt(ticketVisits.startsAt, p.to),
          gt(ticketVisits.endsAt, p.from),
          // A manager's visits by their property (their own index); the others' by their tickets.
          visibleWholeProperties(actor, ticketVisits.propertyId) ?? visibleTickets(actor),
          // A contractor's tickets are those routed to it; its visits, its own.
          ticketScope(actor) === 'routed' ? eq(ticketVisits.contractorId, p.viewerId) : undefined,
          // One landlord's: its properties' visits, read from their own index.
          shape.byLandlord ? inArray(ticketVisits.propertyId, propertiesOfLandlord(p.landlordId)) : undefined,
        ),
      )
      .orderBy(asc(ticketVisits.startsAt), asc(ticketVisits.id))
      .limit(p.limit as unknown as number);
  });
  return query.execute(
    Object.assign({}, viewerPart.values, {
      after: new Date(from.getTime() - VISIT_MAX_HOURS * HOUR_MS),
      from,
      to,
      limit: limit + 1,
      landlordId,
    }),
  );
}

/** `?from=&to=` in seconds since the epoch, and `?landlord_id=`; anything unreadable is not given. */
export const calendarQuery = z.object({
  from: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .optional()
    .catch(undefined),
  to: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .optional()
    .catch(undefined),
  landlord_id: optionalIdFilter,
});

/** The span asked for, or this week (Monday, UTC); at most CALENDAR_MAX_DAYS long, never backwards. */
function spanOf(query: z.output<typeof calendarQuery>, now: Date): { from: Date; to: Date } {
  const monday = Math.floor((now.getTime() - ((now.getUTCDay() + 6) % 7) * DAY_MS) / DAY_MS) * DAY_MS;
  const from = query.from !== undefined ? query.from * 1000 : monday;
  const asked = query.to !== undefined ? query.to * 1000 : from + 7 * DAY_MS;
  const to = Math.min(Math.max(asked, from), from + CALENDAR_MAX_DAYS * DAY_MS);
  return { from: new Date(from), to: new Date(to) };
}

/** GET visits: the calendar screen's span. */
export async function calendar(
  db: Db,
  viewer: Actor,
  query: z.output<typeof calendarQuery>,
  now: Date,
): Promise<ApiCalendar> {
  if (!can(viewer, 'calendar.view')) throw forbidden();
  const { from, to } = spanOf(query, now);
  const rows = await visitsOf(db, viewer, from, to, CALENDAR_MAX_VISITS, query.landlord_id);
  return {
    data: rows
      .slice(0, CALENDAR_MAX_VISITS)
      .map((row) => serializeCalendarVisit(row.visit, row.contractor, row)),
    truncated: rows.length > CALENDAR_MAX_VISITS,
    from: Math.floor(from.getTime() / 1000),
    to: Math.floor(to.getTime() / 1000),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The private feed

/** The feed reaches this far back and ahead, and holds at most this many visits. */
const FEED_PAST_DAYS = 30;
const FEED_AHEAD_DAYS = 365;
const FEED_MAX_VISITS = 1000;

function feedUrl(ctx: Pick<ServiceContext, 'messaging'>, user: { id: number; calendarFeedVersion: number }) {
  return `${ctx.messaging.appUrl}/calendar/${signCalendarToken(ctx.messaging.secret, user.id, user.calendarFeedVersion)}.ics`;
}

async function ownFeed(db: Db, viewer: Actor, userId: number) {
  // Only its user ever sees the address: for anybody else the user has none (404, as for a user not there).
  if (userId !== viewer.id) throw notFound();
  const [user] = await db
    .select({ id: users.id, calendarFeedVersion: users.calendarFeedVersion })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/** GET users/{id}/calendar-feed */
export async function calendarFeed(
  ctx: ServiceContext,
  viewer: Actor,
  userId: number,
): Promise<ApiCalendarFeed> {
  return { url: feedUrl(ctx, await ownFeed(ctx.db, viewer, userId)) };
}

/** POST users/{id}/calendar-feed/reset: a new address; every older one stops working. */
export async function resetCalendarFeed(
  ctx: ServiceContext,
  viewer: Actor,
  userId: number,
): Promise<ApiCalendarFeed> {
  await ownFeed(ctx.db, viewer, userId);
  const [user] = await ctx.db
    .update(users)
    .set({ calendarFeedVersion: sql`${users.calendarFeedVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ id: users.id, calendarFeedVersion: users.calendarFeedVersion });
  return { url: feedUrl(ctx, user), message: en.calendarScreens.resetDone };
}

/**
 * GET /calendar/{token}.ics: the visits of the token's user as an iCalendar document, or null for a token that is not
 * a current one (forged, of an older generation, of a deleted user).
 */
export async function calendarDocument(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<string | null> {
  const claims = verifyCalendarToken(ctx.messaging.secret, token);
  if (!claims) return null;
  const [user] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      landlordId: users.landlordId,
      calendarFeedVersion: users.calendarFeedVersion,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!user || user.calendarFeedVersion !== claims.generation) return null;
  const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS);
  const rows = await visitsOf(ctx.db, user, from, to, FEED_MAX_VISITS);
  const host = new URL(ctx.messaging.appUrl).host;
  // In the user's own language, as its messages: a calendar app asks for the feed without the user's browser.
  const { t } = wordsOf(user.language);
  const document = ical({
    name: t.nav.calendar,
    prodId: { company: 'Mend', product: 'visits' },
    ttl: 15 * 60,
  });
  for (const row of rows.slice(0, FEED_MAX_VISITS)) {
    const link = absoluteLink(ctx.messaging.appUrl, row.visit.ticketId);
    const contractor = row.contractor ? displayName(row.contractor) : '';
    document.createEvent({
      id: `visit-${row.visit.id}@${host}`,
      start: row.visit.startsAt,
      end: row.visit.endsAt,
      stamp: row.visit.createdAt,
      summary: `#${visibleId(row.visit.ticketId)} ${row.title}`,
      location: [row.address, unitNameOrWhole(row.unitName, t), row.propertyName, row.city]
        .filter(Boolean)
        .join(', '),
      description: [
        contractor,
        row.visit.state === 'proposed' ? t.ticketScreens.visit.states.proposed : '',
        link,
      ]
        .filter(Boolean)
        .join('\n'),
      url: link,
      status: row.visit.state === 'booked' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return document.toString();
}
