/**
 * A state as a coloured tag ("Approved", "Waiting for the tenant", "Overdue", "Paused"): the one look of every state
 * in the lists and the details, small unless the caller sizes it. A span: a tag also sits inside a phone's card, a
 * button. It keeps its whole width beside a long title. Each caller names its state with a data attribute of its own
 * (`data-cost-state="approved"`), passed through as it is.
 */
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function StateTag({
  color,
  size = 'sm',
  children,
  ...props
}: BadgeProps & { color: string; children: ReactNode }) {
  return (
    <Badge
      component="span"
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      style={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 'max-content' }}
      {...props}
    >
      {children}
    </Badge>
  );
}
