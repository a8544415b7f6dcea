/** The state of an estimate or invoice as a coloured tag ("Waiting for the owner", "Approved", "Paid"...). */
import type { ApiTicketCost } from '@mend/shared';
import { StateTag } from '../../../components/StateTag';
import { costStateColor } from './cost-rules';

export function CostStateBadge({ state, text }: { state: ApiTicketCost['state']; text: string }) {
  return (
    <StateTag color={costStateColor(state)} data-cost-state={state}>
      {text}
    </StateTag>
  );
}
