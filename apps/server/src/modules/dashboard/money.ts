/**
 * The dashboard's money (issue 26), for staff: the estimates waiting for a decision (a manager's or an owner's) and the
 * properties that spent most — paid invoices per month of their payment date — over the dashboard's months. A manager's
 * scope is its landlord's properties; the super admin's every one. Read by prepared statements, as every dashboard
 * read: a landlord's in one, which walks its tickets' costs once; the portfolio's open estimates from their partial
 * index, its spend from the paid invoices' one.
 *
 * The portfolio's ranking adds up every paid invoice of the months across all properties, far more than a dashboard
 * call may spend (docs/performance.md), so each process keeps it for PORTFOLIO_SPEND_KEPT_MS and serves the kept
 * ranking while it reads a new one. A payment marked in this process shows at once (`forgetPortfolioSpend`); one
 * marked in another process shows here within that time. A manager's ranking is read on every call.
 */
import { type Actor, type ApiDashboardMoney, DASHBOARD_TOP_PROPERTIES } from '@mend/shared';
import { and, asc, count, desc, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusable, written } from '../../db/reusable';
import { properties, ticketCosts, tickets } from '../../db/schema';
import { seesEveryRow } from '../../lib/scopes';

/** How long a process serves the portfolio's spend ranking before it reads it again. */
export const PORTFOLIO_SPEND_KEPT_MS = 60_000;

/*
 * The states are written into the text, not sent as values: a prepared statement's generic plan can use a partial
 * index (the paid invoices', the open estimates') only when its condition is in the text.
 */
const paidSince = () =>
  and(sql`${ticketCosts.state} = 'paid'`, gte(ticketCosts.paidOn, sql`${sql.placeholder('since')}::date`));
const stillOpen = sql`${ticketCosts.state} in ('pending', 'awaiting_owner')`;

/** The portfolio's properties (and currencies) that spent most since `since`, most first, ties by name. */
function topSpendersQuery(db: Db) {
  return reusable(db, 'dashboard_top_spenders_all', (db, name) => {
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
      .where(paidSince())
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

/** The portfolio's estimates waiting for a decision, straight from their partial index. */
function portfolioApprovalsQuery(db: Db) {
  return reusable(db, 'dashboard_approvals_all', (db, name) =>
    db
      .select({
        open: count(),
        awaiting: sql<number>`count(*) filter (where ${ticketCosts.state} = 'awaiting_owner')`.mapWith(
          Number,
        ),
      })
      .from(ticketCosts)
      .where(stillOpen)
      .prepare(name),
  );
}

type SpendRanking = ApiDashboardMoney['spend'];

/** A property's spend in one currency over the months, its total first. */
interface SpenderRow {
  propertyId: number;
  propertyName: string;
  currency: string;
  cents: number;
  /** The months it spent in ("2026-07"): cents. */
  months: Record<string, number>;
}

/** The ranking as the API shows it, every month of the window present (`months`, oldest first). */
function rankingOf(top: SpenderRow[], months: string[]): SpendRanking {
  return top.map((row) => ({
    property_id: row.propertyId,
    property_name: row.propertyName,
    currency: row.currency,
    months: months.map((month) => ({ month, cents: row.months[month] ?? 0 })),
    total_cents: row.cents,
  }));
}

/** The portfolio's top spenders since `since` with their months: ranked first, then the months of those only. */
async function readPortfolioSpend(db: Db, months: string[]): Promise<SpendRanking> {
  const since = `${months[0]}-01`;
  const top = await topSpendersQuery(db).execute({ since });
  if (top.length === 0) return [];
  const monthly = await monthlySpendQuery(db).execute({
    since,
    propertyIds: [...new Set(top.map((row) => row.propertyId))],
  });
  const monthsOf = (row: (typeof top)[number]) =>
    Object.fromEntries(
      monthly
        .filter((item) => item.propertyId === row.propertyId && item.currency === row.currency)
        .map((item) => [item.month, item.cents]),
    );
  return rankingOf(
    top.map((row) => ({ ...row, months: monthsOf(row) })),
    months,
  );
}

interface LandlordMoneyRow extends Record<string, unknown> {
  spend: SpenderRow[] | null;
  open: number;
  awaiting: number;
}

/**
 * A landlord's money in one statement: its tickets' paid invoices of the months and open estimates, walked once (a
 * landlord's tickets are few, each looked up in the costs' index by ticket), then ranked and counted from that.
 */
function landlordMoneyQuery(db: Db) {
  return reusable(db, 'dashboard_landlord_money', (db, name) =>
    written<LandlordMoneyRow>(
      db,
      sql`
    with costs as materialized (
      select ${properties.id} as property_id, ${properties.name} as property_name, ${ticketCosts.currency} as currency,
        ${ticketCosts.state} as state, ${ticketCosts.paidOn} as paid_on, ${ticketCosts.totalCents} as cents
      from ${properties}
      join ${tickets} on ${tickets.propertyId} = ${properties.id}
      join ${ticketCosts} on ${ticketCosts.ticketId} = ${tickets.id}
      where ${properties.landlordId} = ${sql.placeholder('landlordId')} and (${paidSince()} or ${stillOpen})
    ),
    monthly as (
      select property_id, property_name, currency, to_char(paid_on, 'YYYY-MM') as month, sum(cents) as cents
      from costs where state = 'paid' group by property_id, property_name, currency, month
    ),
    top as (
      select property_id, property_name, currency, sum(cents) as cents from monthly
      group by property_id, property_name, currency
      order by cents desc, property_name, property_id, currency limit ${sql.raw(String(DASHBOARD_TOP_PROPERTIES))}
    )
    select
      (select json_agg(json_build_object('propertyId', top.property_id, 'propertyName', top.property_name,
        'currency', top.currency, 'cents', top.cents, 'months', (select json_object_agg(monthly.month, monthly.cents)
          from monthly where monthly.property_id = top.property_id and monthly.currency = top.currency))
        order by top.cents desc, top.property_name, top.property_id, top.currency) from top) as spend,
      (select count(*) from costs where state <> 'paid')::int as open,
      (select count(*) from costs where state = 'awaiting_owner')::int as awaiting
  `,
    ).prepare(name),
  );
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
    const reading = readPortfolioSpend(db, months);
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
  if (seesEveryRow(actor)) {
    const [spend, [approvals]] = await Promise.all([
      portfolioSpend(db, months),
      portfolioApprovalsQuery(db).execute(),
    ]);
    return { open_approvals: approvals?.open ?? 0, awaiting_owner: approvals?.awaiting ?? 0, spend };
  }
  const { rows } = await landlordMoneyQuery(db).execute({
    landlordId: actor.landlordId ?? -1,
    since: `${months[0]}-01`,
  });
  const [row] = rows;
  return {
    open_approvals: row?.open ?? 0,
    awaiting_owner: row?.awaiting ?? 0,
    spend: rankingOf(row?.spend ?? [], months),
  };
}
