/** A titled section of the ticket form (contact details, the problem, availability), with its hint. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tickets.module.css';

export function TicketFormSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" className={classes.formSection}>
      <div>
        <Title order={3} className={classes.formSectionTitle}>
          {title}
        </Title>
        {hint ? (
          <Text size="xs" c="dimmed" mt={2}>
            {hint}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
