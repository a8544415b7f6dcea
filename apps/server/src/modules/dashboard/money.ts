/**
 * The dashboard's money (issue 26), for staff: the estimates waiting for a decision (a manager's or an owner's) and the
 * properties that spent most — paid invoices per month of their payment date — over the dashboard's months. A manager's
 * scope is its landlord's properties; the super admin's every one. Read from the partial indexes of paid invoices and
 * of estimates awaiting an owner, by prepared statements (one per scope), as every dashboard read.
 */
import { type Actor, type ApiDashboardMoney, DASHBOARD_TOP_PROPERTIES } from '@mend/shared';
import { and, count, eq, gte, inArray, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import { properties, ticketCosts, tickets } from '../../db/schema';
import { seesEveryRow } from '../../lib/scopes';

/** The viewer's properties: every one, or its landlord's (`landlordId`). */
const scopeOf = (portfolio: boolean): SQL | undefined =>
  portfolio ? undefined : eq(properties.landlordId, sql.placeholder('landlordId'));

function spendQuery(db: Db, portfolio: boolean) {
  return reusable(db, `dashboard_spend_${portfolio ? 'all' : 'landlord'}`, (db, name) => {
    const month = sql<string>`to_char(${ticketCosts.paidOn}, 'YYYY-MM')`;
    return db
      .select({
        propertyId: properties.id,
        propertyName: properties.name,
        currency: ticketCosts.currency,
        month,
        cents: sum(ticketCosts.totalCents).mapWith(Number),
      })
      .from(ticketCosts)
      .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .where(
        and(
          eq(ticketCosts.state, 'paid'),
          gte(ticketCosts.paidOn, sql`${sql.placeholder('since')}::date`),
          scopeOf(portfolio),
        ),
      )
      .groupBy(properties.id, properties.name, ticketCosts.currency, month)
      .prepare(name);
  });
}

function approvalsQuery(db: Db, portfolio: boolean) {
  return reusable(db, `dashboard_approvals_${portfolio ? 'all' : 'landlord'}`, (db, name) =>
    db
      .select({
        open: count(),
        awaiting: sql<number>`count(*) filter (where ${ticketCosts.state} = 'awaiting_owner')`.mapWith(
          Number,
        ),
      })
      .from(ticketCosts)
      .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .where(and(inArray(ticketCosts.state, ['pending', 'awaiting_owner']), scopeOf(portfolio)))
      .prepare(name),
  );
}

export async function moneyFigures(db: Db, actor: Actor, months: string[]): Promise<ApiDashboardMoney> {
  const portfolio = seesEveryRow(actor);
  const values = { since: `${months[0]}-01`, landlordId: actor.landlordId ?? -1 };
  const [spend, [approvals]] = await Promise.all([
    spendQuery(db, portfolio).execute(values),
    approvalsQuery(db, portfolio).execute(values),
  ]);
  const byProperty = new Map<string, ApiDashboardMoney['spend'][number]>();
  for (const row of spend) {
    const key = `${row.propertyId} ${row.currency}`;
    let entry = byProperty.get(key);
    if (!entry) {
      entry = {
        property_id: row.propertyId,
        property_name: row.propertyName,
        currency: row.currency,
        months: months.map((month) => ({ month, cents: 0 })),
        total_cents: 0,
      };
      byProperty.set(key, entry);
    }
    const month = entry.months.find((item) => item.month === row.month);
    if (month) {
      month.cents += row.cents;
      entry.total_cents += row.cents;
    }
  }
  return {
    open_approvals: approvals?.open ?? 0,
    awaiting_owner: approvals?.awaiting ?? 0,
    spend: [...byProperty.values()]
      .sort((a, b) => b.total_cents - a.total_cents || a.property_name.localeCompare(b.property_name))
      .slice(0, DASHBOARD_TOP_PROPERTIES),
  };
}
