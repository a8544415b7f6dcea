import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { t } from '../app/translations';

export interface ComingSoonProps {
  /** The side-panel title of the route, when it has one (e.g. Ticket Details). */
  panelTitle?: string;
  /** Heading level of the "Coming soon" title (2 under a page h1). */
  order?: 2 | 3;
}

/** Placeholder for a screen that is not built yet, shown inside the real layout. */
export function ComingSoon({ panelTitle, order = 2 }: ComingSoonProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      shadow="xs"
      role="region"
      aria-label={t.app.comingSoon}
    >
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTools size={28} stroke={1.6} />
        </ThemeIcon>
        {panelTitle ? (
          <Badge variant="light" color="gray" size="lg" tt="none">
            {panelTitle}
          </Badge>
        ) : null}
        <Title order={order} fz={22}>
          {t.app.comingSoon}
        </Title>
        <Text c="dimmed">{t.app.comingSoonText}</Text>
      </Stack>
    </Paper>
  );
}
