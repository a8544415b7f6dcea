import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list's first cell: the record's picture (square; a person's is round), its name, a badge beside it and
 * a dimmed second line (an address, a company).
 */
export function NameCell({
  avatar,
  name,
  subtitle,
  badge,
  round = false,
}: {
  avatar?: string | null;
  name: string;
  subtitle?: string | null;
  badge?: ReactNode;
  round?: boolean;
}) {
  const title = (
    <Text size="sm" fw={600} truncate="end">
      {name}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={avatar} name={name} color="initials" radius={round ? 'xl' : 'md'} size={36} alt="" />
      <Stack gap={0} miw={0}>
        {badge ? (
          <Group gap={6} wrap="nowrap">
            {title}
            {badge}
          </Group>
        ) : (
          title
        )}
        {subtitle ? (
          <Text size="xs" c="dimmed" truncate="end">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
