/**
 * The dashboard's money (issue 26), for staff: the estimates waiting for a decision (a manager's or an owner's) and the
 * properties that spent most — paid invoices per month of their payment date — over the dashboard's months. A manager's
 * scope is its landlord's properties; the super admin's every one. Read from the partial indexes of paid invoices and
 * of estimates awaiting an owner.
 */
import { type Actor, type ApiDashboardMoney, DASHBOARD_TOP_PROPERTIES } from '@mend/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seesEveryRow } from '../../lib/scopes';

interface SpendRow extends Record<string, unknown> {
  property_id: number;
  property_name: string;
  currency: string;
  month: string;
  cents: string | number;
}

export async function moneyFigures(db: Db, actor: Actor, months: string[]): Promise<ApiDashboardMoney> {
  const scope = seesEveryRow(actor) ? sql`true` : sql`p.landlord_id = ${actor.landlordId ?? -1}`;
  const first = `${months[0]}-01`;
  const [spend, approvals] = await Promise.all([
    db.execute<SpendRow>(sql`select p.id as property_id, p.name as property_name, c.currency,
        to_char(c.paid_on, 'YYYY-MM') as month, sum(c.total_cents) as cents
      from ticket_costs c join tickets t on t.id = c.ticket_id join properties p on p.id = t.property_id
      where c.state = 'paid' and c.paid_on >= ${first}::date and ${scope}
      group by p.id, p.name, c.currency, month`),
    db.execute<{ open: string | number; awaiting: string | number }>(sql`select
        count(*) as open, count(*) filter (where c.state = 'awaiting_owner') as awaiting
      from ticket_costs c join tickets t on t.id = c.ticket_id join properties p on p.id = t.property_id
      where c.state in ('pending', 'awaiting_owner') and ${scope}`),
  ]);
  const byProperty = new Map<string, ApiDashboardMoney['spend'][number]>();
  for (const row of spend.rows) {
    const key = `${row.property_id} ${row.currency}`;
    let entry = byProperty.get(key);
    if (!entry) {
      entry = {
        property_id: Number(row.property_id),
        property_name: row.property_name,
        currency: row.currency,
        months: months.map((month) => ({ month, cents: 0 })),
        total_cents: 0,
      };
      byProperty.set(key, entry);
    }
    const month = entry.months.find((item) => item.month === row.month);
    if (month) {
      month.cents += Number(row.cents);
      entry.total_cents += Number(row.cents);
    }
  }
  const [counts] = approvals.rows;
  return {
    open_approvals: Number(counts?.open ?? 0),
    awaiting_owner: Number(counts?.awaiting ?? 0),
    spend: [...byProperty.values()]
      .sort((a, b) => b.total_cents - a.total_cents || a.property_name.localeCompare(b.property_name))
      .slice(0, DASHBOARD_TOP_PROPERTIES),
  };
}
