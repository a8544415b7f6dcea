/**
 * The lines and sums of an estimate or invoice (issue 26): each line's kind, description and amount, then the
 * subtotal, tax and total, in the cost's currency. A ticket's details (CostItem.tsx) and the owner's approval page
 * (ApprovalLinkPage.tsx) both show it; it keeps to one column at a phone's 390 px.
 */
import type { ApiTicketCost } from '@mend/shared';
import { money, t } from '../../../lib/translations';
import classes from './costs.module.css';

const C = t.costScreens;

export function CostLines({
  cost,
}: {
  cost: Pick<
    ApiTicketCost,
    'lines' | 'currency' | 'subtotal_cents' | 'tax_cents' | 'total_cents' | 'total_text'
  >;
}) {
  return (
    <>
      <table className={classes.lines}>
        <tbody>
          {cost.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a sent cost never move.
            <tr key={index} data-cost-line={line.kind}>
              <td>
                <span className={classes.lineKind}>{t.costs.lineKinds[line.kind]}</span>
                <span className={classes.lineText}>{line.description}</span>
              </td>
              <td>{money(line.amount_cents, cost.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={classes.sums}>
        <dt>{C.subtotal}</dt>
        <dd>{money(cost.subtotal_cents, cost.currency)}</dd>
        <dt>{C.tax}</dt>
        <dd>{money(cost.tax_cents, cost.currency)}</dd>
        <dt data-total>{C.total}</dt>
        <dd data-total data-cost-total>
          {money(cost.total_cents, cost.currency)}
        </dd>
      </dl>
    </>
  );
}
