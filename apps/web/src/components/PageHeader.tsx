import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { format, t } from '../lib/translations';

export interface PageHeaderProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons on the right (e.g. a Create button on list pages). */
  actions?: ReactNode;
}

/** The h1 of a page; also sets the browser tab title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md" mb="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

/** The browser tab's title for a screen. */
export function documentTitle(title: string): string {
  return format(t.app.documentTitle, { title });
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
