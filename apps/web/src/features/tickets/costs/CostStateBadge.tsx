/** The state of an estimate or invoice as a coloured tag ("Waiting for the owner", "Approved", "Paid"...). */
import type { ApiTicketCost } from '@mend/shared';
import { StateTag } from '../../../components/StateTag';
import { t } from '../../../lib/translations';
import { costStateColor } from './cost-rules';

/** Its name is the page's language's, by its value (the server's `state_text` is English). */
export function CostStateBadge({ state }: { state: ApiTicketCost['state'] }) {
  return (
    <StateTag color={costStateColor(state)} data-cost-state={state}>
      {t.costs.states[state]}
    </StateTag>
  );
}
