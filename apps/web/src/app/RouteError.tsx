import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { isForbidden, NotAllowed } from '../components/NotAllowed';
import { t } from '../lib/translations';

/**
 * Shown when a route fails to render or its code fails to load (e.g. after a deploy). A refusal (403) is
 * not a failure: it gets the not-allowed page.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isForbidden(error))
    return (
      <Center mih="100vh" p="md">
        <NotAllowed />
      </Center>
    );
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p={40} shadow="sm" maw={480}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
            <IconAlertTriangle size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {t.errors.formTitle}
          </Title>
          <Text c="dimmed">{t.errors.generic}</Text>
          <Button component={Link} to="/" reloadDocument mt="sm">
            {t.app.goHome}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
