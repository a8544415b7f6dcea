import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/PageHeader';
import { t } from '../../lib/translations';

export default function NotFoundPage() {
  useDocumentTitle(t.app.notFound);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} shadow="xs">
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMapQuestion size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {t.app.notFound}
        </Title>
        <Text c="dimmed">{t.app.notFoundText}</Text>
        <Button component={Link} to="/" mt="sm">
          {t.app.goHome}
        </Button>
      </Stack>
    </Paper>
  );
}
