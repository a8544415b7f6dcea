/**
 * The portfolio's dashboard, kept per process (ADR 0037). The super admin's figures add up a million tickets, their
 * costs and ratings in ten statements, more than a dashboard call may spend (docs/performance.md), and they are the
 * same for every super admin. Each process reads them once per time zone and window of PORTFOLIO_DASHBOARD_KEPT_MS of
 * its clock, and calls that come while they are read wait for that read. A write answered by this process, or done
 * by its due-work worker, drops what is kept (`forgetKeptDashboards`), so its own changes show at once; another
 * process's show here within the window. A manager's, a tenant's and a contractor's dashboards are read on every call.
 */
import type { ApiDashboard } from '@mend/shared';
import type { Db } from '../../db/client';

/** How long (a window of the app's clock) a process serves the portfolio's dashboard it read. */
export const PORTFOLIO_DASHBOARD_KEPT_MS = 10_000;

/** Per database handle: the window the kept dashboards belong to, and each time zone's. */
const kept = new WeakMap<Db, { window: number; byZone: Map<string, Promise<ApiDashboard>> }>();

/** The portfolio's dashboard of this window in `timeZone`: the one kept, or `read` (then kept). */
export function keptPortfolioDashboard(
  db: Db,
  timeZone: string,
  now: Date,
  read: () => Promise<ApiDashboard>,
): Promise<ApiDashboard> {
  const window = Math.floor(now.getTime() / PORTFOLIO_DASHBOARD_KEPT_MS);
  let own = kept.get(db);
  if (!own || own.window !== window) {
    own = { window, byZone: new Map() };
    kept.set(db, own);
  }
  const { byZone } = own;
  const known = byZone.get(timeZone);
  if (known) return known;
  const reading = read();
  byZone.set(timeZone, reading);
  // A failed read is not kept: the next call reads again.
  reading.catch(() => {
    if (byZone.get(timeZone) === reading) byZone.delete(timeZone);
  });
  return reading;
}

/** Drops the kept dashboards (this process changed something): the next call reads them again. */
export function forgetKeptDashboards(db: Db): void {
  kept.delete(db);
}
