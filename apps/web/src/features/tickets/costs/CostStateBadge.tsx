/** The state of an estimate or invoice as a coloured tag ("Waiting for the owner", "Approved", "Paid"...). */
import { Badge } from '@mantine/core';
import type { ApiTicketCost } from '@mend/shared';
import { costStateColor } from './cost-rules';

export function CostStateBadge({ state, text }: { state: ApiTicketCost['state']; text: string }) {
  return (
    <Badge
      component="span"
      variant="light"
      color={costStateColor(state)}
      radius="sm"
      tt="none"
      fw={600}
      size="sm"
      style={{ minWidth: 'max-content' }}
      data-cost-state={state}
    >
      {text}
    </Badge>
  );
}
