/**
 * The dashboard's money (issue 26), for staff: the estimates waiting for a decision (a manager's or an owner's) and the
 * properties that spent most — paid invoices per month of their payment date — over the dashboard's months. A manager's
 * scope is its landlord's properties; the super admin's every one. Read by prepared statements (one per scope), as
 * every dashboard read: the open estimates from their partial index, the spend from the paid invoices' one.
 *
 * The portfolio's ranking adds up every paid invoice of the months across all properties, far more than a dashboard
 * call may spend (docs/performance.md), so each process keeps it for PORTFOLIO_SPEND_KEPT_MS and serves the kept
 * ranking while it reads a new one. A payment marked in this process shows at once (`forgetPortfolioSpend`); one
 * marked in another process shows here within that time. A manager's ranking is read on every call.
 */
import { type Actor, type ApiDashboardMoney, DASHBOARD_TOP_PROPERTIES } from '@mend/shared';
import { and, asc, count, desc, eq, gte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import { properties, ticketCosts, tickets } from '../../db/schema';
import { seesEveryRow } from '../../lib/scopes';

/** How long a process serves the portfolio's spend ranking before it reads it again. */
export const PORTFOLIO_SPEND_KEPT_MS = 60_000;

/** The viewer's properties: every one, or its landlord's (`landlordId`). */
const scopeOf = (portfolio: boolean): SQL | undefined =>
  portfolio ? undefined : eq(properties.landlordId, sql.placeholder('landlordId'));

/*
 * The states are written into the text, not sent as values: a prepared statement's generic plan can use a partial
 * index (the paid invoices', the open estimates') only when its condition is in the text.
 */
const paidSince = () =>
  and(sql`${ticketCosts.state} = 'paid'`, gte(ticketCosts.paidOn, sql`${sql.placeholder('since')}::date`));
const stillOpen = sql`${ticketCosts.state} in ('pending', 'awaiting_owner')`;

/** The properties (and currencies) that spent most since `since`, most first, ties by name. */
function topSpendersQuery(db: Db, portfolio: boolean) {
  return reusable(db, `dashboard_top_spenders_${portfolio ? 'all' : 'landlord'}`, (db, name) => {
    const cents = sum(ticketCosts.totalCents).mapWith(Number);
    return db
      .select({
        propertyId: properties.id,
        propertyName: properties.name,
        currency: ticketCosts.currency,
        cents,
      })
      .from(ticketCosts)
      .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .where(and(paidSince(), scopeOf(portfolio)))
      .groupBy(properties.id, properties.name, ticketCosts.currency)
      .orderBy(
        desc(sum(ticketCosts.totalCents)),
        asc(properties.name),
        asc(properties.id),
        asc(ticketCosts.currency),
      )
      .limit(DASHBOARD_TOP_PROPERTIES)
      .prepare(name);
  });
}

/**
 * The spend of some properties (`propertyIds`) per currency and month since `since`. The ids are matched on the
 * properties' key, from which PostgreSQL walks their tickets; matched on the tickets' column, it took the months' every
 * payment for fewer.
 */
function monthlySpendQuery(db: Db) {
  return reusable(db, 'dashboard_monthly_spend', (db, name) => {
    const month = sql<string>`to_char(${ticketCosts.paidOn}, 'YYYY-MM')`;
    return db
      .select({
        propertyId: properties.id,
        currency: ticketCosts.currency,
        month,
        cents: sum(ticketCosts.totalCents).mapWith(Number),
      })
      .from(properties)
      .innerJoin(tickets, eq(tickets.propertyId, properties.id))
      .innerJoin(ticketCosts, eq(ticketCosts.ticketId, tickets.id))
      .where(and(paidSince(), sql`${properties.id} = any(${sql.placeholder('propertyIds')})`))
      .groupBy(properties.id, ticketCosts.currency, month)
      .prepare(name);
  });
}

/** The estimates waiting for a decision: the portfolio's straight from their partial index, a landlord's joined. */
function approvalsQuery(db: Db, portfolio: boolean) {
  return reusable(db, `dashboard_approvals_${portfolio ? 'all' : 'landlord'}`, (db, name) => {
    const figures = {
      open: count(),
      awaiting: sql<number>`count(*) filter (where ${ticketCosts.state} = 'awaiting_owner')`.mapWith(Number),
    };
    if (portfolio) return db.select(figures).from(ticketCosts).where(stillOpen).prepare(name);
    return db
      .select(figures)
      .from(ticketCosts)
      .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .where(and(stillOpen, scopeOf(false)))
      .prepare(name);
  });
}

type SpendRanking = ApiDashboardMoney['spend'];

/** The top spenders since `since` with their months (`months`, oldest first). */
async function readSpend(
  db: Db,
  portfolio: boolean,
  landlordId: number,
  months: string[],
): Promise<SpendRanking> {
  const since = `${months[0]}-01`;
  const top = await topSpendersQuery(db, portfolio).execute({ since, landlordId });
  if (top.length === 0) return [];
  const monthly = await monthlySpendQuery(db).execute({
    since,
    propertyIds: [...new Set(top.map((row) => row.propertyId))],
  });
  return top.map((row) => {
    const own = monthly.filter(
      (item) => item.propertyId === row.propertyId && item.currency === row.currency,
    );
    return {
      property_id: row.propertyId,
      property_name: row.propertyName,
      currency: row.currency,
      months: months.map((month) => ({
        month,
        cents: own.find((item) => item.month === month)?.cents ?? 0,
      })),
      total_cents: row.cents,
    };
  });
}

interface KeptRanking {
  readAt: number;
  ranking: SpendRanking | null;
  reading: Promise<SpendRanking> | null;
}

/** Per database handle, the portfolio's ranking per window of months. */
const keptRankings = new WeakMap<Db, Map<string, KeptRanking>>();

/** The portfolio's ranking: the kept one while it is fresh, else the kept one while a new one is read. */
function portfolioSpend(db: Db, months: string[]): Promise<SpendRanking> {
  let byWindow = keptRankings.get(db);
  if (!byWindow) {
    byWindow = new Map();
    keptRankings.set(db, byWindow);
  }
  const key = months.join(' ');
  const kept = byWindow.get(key) ?? { readAt: 0, ranking: null, reading: null };
  byWindow.set(key, kept);
  const fresh = Date.now() - kept.readAt < PORTFOLIO_SPEND_KEPT_MS;
  if (!fresh && !kept.reading) {
    const reading = readSpend(db, true, -1, months);
    kept.reading = reading;
    reading.then(
      (ranking) => {
        if (kept.reading !== reading) return;
        Object.assign(kept, { ranking, readAt: Date.now(), reading: null });
      },
      () => {
        if (kept.reading === reading) kept.reading = null;
      },
    );
  }
  if (kept.ranking) return Promise.resolve(kept.ranking);
  return kept.reading ?? Promise.resolve([]);
}

/** Drops the portfolio's kept rankings (a payment was marked): the next dashboard reads them again. */
export function forgetPortfolioSpend(db: Db): void {
  keptRankings.delete(db);
}

export async function moneyFigures(db: Db, actor: Actor, months: string[]): Promise<ApiDashboardMoney> {
  const portfolio = seesEveryRow(actor);
  const landlordId = actor.landlordId ?? -1;
  const [spend, [approvals]] = await Promise.all([
    portfolio ? portfolioSpend(db, months) : readSpend(db, false, landlordId, months),
    approvalsQuery(db, portfolio).execute({ landlordId }),
  ]);
  return {
    open_approvals: approvals?.open ?? 0,
    awaiting_owner: approvals?.awaiting ?? 0,
    spend,
  };
}
