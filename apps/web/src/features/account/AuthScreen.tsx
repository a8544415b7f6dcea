/** The frame of the account screens in the auth layout: a heading, an optional intro, the content, a way back. */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/PageHeader';
import { t } from '../../lib/translations';

export function BackToLogin({ to = '/login', label = t.auth.backToLogin }: { to?: string; label?: string }) {
  return (
    <Group>
      <Anchor component={Link} to={to} fw={500} size="sm">
        <Group gap={6} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {label}
        </Group>
      </Anchor>
    </Group>
  );
}

export interface AuthScreenProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** The "Back to Login" link: above the content, below it, or none. */
  back?: 'top' | 'bottom' | 'none';
  backTo?: string;
}

export function AuthScreen({ title, intro, children, back = 'bottom', backTo }: AuthScreenProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      {back === 'top' ? <BackToLogin to={backTo} /> : null}
      <Stack gap="xs">
        <Title order={1} fz={32} lh={1.15}>
          {title}
        </Title>
        {intro ? (
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        ) : null}
      </Stack>
      {children}
      {back === 'bottom' ? <BackToLogin to={backTo} /> : null}
    </Stack>
  );
}
