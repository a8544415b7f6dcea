/**
 * Money in the ticket lists (issue 26), plain elements as the list's other cells (TicketColumns.tsx): the small
 * "Awaiting owner approval" tag of a ticket whose estimate waits for its owner (under its status in the table, a line
 * of its phone card), and staff's cost cell: the latest estimate's and invoice's totals, or the empty mark.
 */
import type { ApiTicketCostTotals } from '@mend/shared';
import { format, money, t } from '../../../lib/translations';
import classes from './costs.module.css';

export function AwaitingOwnerTag({ inCard = false }: { inCard?: boolean }) {
  return (
    <span className={classes.tag} data-in={inCard ? 'card' : undefined} data-awaiting-owner-tag>
      {t.costs.awaitingOwner}
    </span>
  );
}

export function CostTotalsMark({ totals }: { totals: ApiTicketCostTotals | null }) {
  if (!totals || (totals.estimate_cents === null && totals.invoice_cents === null))
    return (
      <span className={classes.costCell} data-empty>
        {t.screens.empty}
      </span>
    );
  return (
    <span className={classes.costCell} data-cost-totals>
      {totals.estimate_cents !== null ? (
        <span>
          {format(t.costScreens.estimateShort, { total: money(totals.estimate_cents, totals.currency) })}
        </span>
      ) : null}
      {totals.invoice_cents !== null ? (
        <span>
          {format(t.costScreens.invoiceShort, { total: money(totals.invoice_cents, totals.currency) })}
        </span>
      ) : null}
    </span>
  );
}
