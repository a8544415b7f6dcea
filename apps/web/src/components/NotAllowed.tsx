/**
 * The one answer to a screen, form or record the signed-in user may not use: a lock, "Not allowed" and why,
 * never a broken list or "Something went wrong". Shown by `Allowed` (a route the role may not open), by the
 * list screens' panels (a create or edit form the server would refuse), and wherever the server answers 403.
 */
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Action, SubjectOf } from '@mend/shared';
import { can } from '@mend/shared';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useActor } from '../lib/actor';
import { ApiError } from '../lib/api';
import { t } from '../lib/translations';
import { useDocumentTitle } from './PageHeader';

export interface NotAllowedProps {
  /** A whole page (its own heading and document title), or the content of a side panel. */
  variant?: 'page' | 'panel';
}

function PageTitle() {
  useDocumentTitle(t.app.notAllowed);
  return null;
}

export function NotAllowed({ variant = 'page' }: NotAllowedProps) {
  const page = variant === 'page';
  return (
    <Paper
      withBorder={page}
      radius="lg"
      p={page ? { base: 'lg', sm: 48 } : 'lg'}
      shadow={page ? 'xs' : undefined}
      role="region"
      aria-label={t.app.notAllowed}
      data-not-allowed
    >
      {page ? <PageTitle /> : null}
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={page ? 1 : 2} fz={page ? 26 : 20}>
          {t.app.notAllowed}
        </Title>
        <Text c="dimmed">{t.app.notAllowedText}</Text>
        {page ? (
          <Button component={Link} to="/" mt="sm">
            {t.app.goHome}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An action `can()` answers without a subject ("may this role do it at all"). */
export type GeneralAction = {
  [A in Action]: undefined extends SubjectOf<A> ? A : never;
}[Action];

/** The screen when the signed-in user may do `action` (can() from packages/shared), else the not-allowed page. */
export function Allowed({ action, children }: { action: GeneralAction; children: ReactNode }) {
  const actor = useActor();
  return can(actor, action) ? children : <NotAllowed />;
}

/** Whether a failed request was refused (403): the not-allowed answer, not a generic failure. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
