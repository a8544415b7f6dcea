/**
 * The tickets of recurring work (issue 26): a job of the due-work worker (lib/due-work.ts). In one transaction it claims
 * the running schedules whose next date (`next_on`) is within their `lead_days` of today at their property (FOR NO KEY
 * UPDATE SKIP LOCKED, by the partial index of running schedules), creates each due date's ticket — routed and notified
 * as any ticket — and moves `next_on` past it. Each date is created once: `schedule_occurrences` holds one row per
 * schedule and date, so neither a second process nor an edit that sets `next_on` back creates it again; a crash rolls
 * back and the next look creates it.
 *
 * The ticket is due from the start of its date at the property (its landlord's targets for its priority), not from
 * when it was created ahead of it; its contact is the manager who planned the schedule.
 */
import {
  addDays,
  dateText,
  en,
  format,
  occurrenceOnOrAfter,
  startOfZonedDay,
  TARGET_FIELDS,
  TARGET_HOURS_DEFAULT,
  zonedToday,
} from '@mend/shared';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  landlords,
  properties,
  type ScheduleRow,
  scheduleOccurrences,
  schedules,
  ticketCategories,
  ticketLog,
  tickets,
  users,
} from '../../db/schema';
import type { DueJob } from '../../lib/due-work';
import type { MessagingContext } from '../../lib/outbox/context';
import { routeTicket } from '../tickets/routing';
import { factsOf, firstTenantOf } from '../tickets/service';
import { queueWebhookEvent } from '../webhooks/events';
import { recurrenceOf } from './serialize';

const HOUR = 3_600_000;

interface DueSchedule {
  schedule: ScheduleRow;
  timeZone: string;
  targets: Record<string, number> | null;
  creator: { firstName: string; lastName: string; email: string; phoneNumber: string } | null;
}

/** The hours of a landlord's target of `kind` for a priority, or the defaults. */
function targetHours(
  targets: Record<string, number> | null,
  priority: number,
  kind: 'response' | 'resolution',
) {
  const field = TARGET_FIELDS[priority]?.[kind];
  return (
    (field && targets?.[field]) ?? TARGET_HOURS_DEFAULT[priority]?.[kind] ?? TARGET_HOURS_DEFAULT[0][kind]
  );
}

/** Creates the ticket of one date unless that date already has one; answers whether it did. */
async function createOccurrence(
  tx: Tx,
  messaging: MessagingContext,
  due: DueSchedule,
  date: string,
  now: Date,
): Promise<boolean> {
  const { schedule } = due;
  const claimed = await tx
    .insert(scheduleOccurrences)
    .values({ scheduleId: schedule.id, occursOn: date, createdAt: now })
    .onConflictDoNothing()
    .returning({ scheduleId: scheduleOccurrences.scheduleId });
  if (claimed.length === 0) return false;
  const dayStart = startOfZonedDay(date, due.timeZone) * 1000;
  const [ticket] = await tx
    .insert(tickets)
    .values({
      unitId: schedule.unitId,
      propertyId: schedule.propertyId,
      tenantId: await firstTenantOf(tx, schedule.unitId),
      createdBy: schedule.createdBy,
      title: schedule.title,
      description: schedule.description,
      priority: schedule.priority,
      status: 0,
      contactFirstName: due.creator?.firstName ?? '',
      contactLastName: due.creator?.lastName ?? '',
      contactEmail: due.creator?.email ?? '',
      contactPhoneNumber: due.creator?.phoneNumber ?? '',
      respondBy: new Date(dayStart + targetHours(due.targets, schedule.priority, 'response') * HOUR),
      resolveBy: new Date(dayStart + targetHours(due.targets, schedule.priority, 'resolution') * HOUR),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id });
  await tx
    .update(scheduleOccurrences)
    .set({ ticketId: ticket.id })
    .where(and(eq(scheduleOccurrences.scheduleId, schedule.id), eq(scheduleOccurrences.occursOn, date)));
  await tx.insert(ticketCategories).values({ ticketId: ticket.id, categoryId: schedule.categoryId });
  await tx.insert(ticketLog).values({
    ticketId: ticket.id,
    userId: null,
    action: 'created',
    description: format(en.schedules.log.created, { title: schedule.title, date: dateText(date) }),
    data: { schedule_id: schedule.id, occurs_on: date },
    createdAt: now,
  });
  await routeTicket(tx, messaging.appUrl, await factsOf(tx, ticket.id), null);
  await queueWebhookEvent(
    tx,
    messaging.appUrl,
    'ticket.created',
    ticket.id,
    { schedule_id: schedule.id },
    now,
  );
  return true;
}

/** Creates the tickets due at `now` of up to `batch` schedules (at most `batch` dates each); answers how many. */
export async function createDueOccurrences(
  db: Db,
  messaging: MessagingContext,
  now: Date,
  batch: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due: DueSchedule[] = await tx
      .select({
        schedule: schedules,
        timeZone: properties.timeZone,
        targets: sql<Record<
          string,
          number
        > | null>`case when ${landlords.id} is null then null else json_build_object(${sql.raw(
          TARGET_FIELDS.flatMap((fields) => Object.values(fields))
            .map((field) => `'${field}', "landlords"."${field}"`)
            .join(', '),
        )}) end`,
        creator: sql<
          DueSchedule['creator']
        >`case when ${users.id} is null then null else json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'email', ${users.email}, 'phoneNumber', ${users.phoneNumber}) end`,
      })
      .from(schedules)
      .innerJoin(properties, eq(properties.id, schedules.propertyId))
      .leftJoin(landlords, eq(landlords.id, properties.landlordId))
      .leftJoin(users, eq(users.id, schedules.createdBy))
      .where(
        and(
          isNull(schedules.pausedAt),
          isNotNull(schedules.nextOn),
          sql`${schedules.nextOn} <= (${now.toISOString()}::timestamptz at time zone ${properties.timeZone})::date + ${schedules.leadDays}::integer`,
        ),
      )
      .orderBy(asc(schedules.nextOn), asc(schedules.id))
      .limit(batch)
      .for('no key update', { of: schedules, skipLocked: true });
    let created = 0;
    for (const item of due) {
      const { schedule } = item;
      const horizon = addDays(zonedToday(item.timeZone, now), schedule.leadDays);
      const recurrence = recurrenceOf(schedule);
      let next: string | null = schedule.nextOn;
      // A schedule far behind (the worker was stopped) catches up a batch of dates per look.
      for (let done = 0; next !== null && next <= horizon && done < batch; done++) {
        if (await createOccurrence(tx, messaging, item, next, now)) created++;
        next = occurrenceOnOrAfter(recurrence, addDays(next, 1));
      }
      await tx
        .update(schedules)
        .set({ nextOn: next, updatedAt: sql`${schedules.updatedAt}` })
        .where(eq(schedules.id, schedule.id));
    }
    return Math.max(created, due.length);
  });
}

export function scheduleOccurrencesJob(db: Db, messaging: MessagingContext): DueJob {
  return {
    name: 'schedule_occurrences',
    run: (now, batch) => createDueOccurrences(db, messaging, now, batch),
  };
}
