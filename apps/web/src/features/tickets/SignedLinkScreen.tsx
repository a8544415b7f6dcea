/**
 * The page of a signed link in an email or SMS (issue 25: a contractor's job at /assignment/{token}, a tenant's
 * completed repair at /signoff/{token}), opened on a phone without signing in. It reads what the link names (GET
 * `path`, kept under `queryKey`), shows it with its answers (`children`), and offers the ticket to those who sign in.
 * An invalid or expired link (400) and a question no longer asked (409) show the server's message.
 */
import { Alert, Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, apiGet } from '../../lib/api';
import { errorMessage } from '../../lib/records';
import { t } from '../../lib/translations';
import { AuthScreen } from '../account/AuthScreen';

/** GET a signed link's subject; a refusal throws with the server's message (400 invalid or expired, 409 stale). */
export async function fetchSignedLink<T>(path: string): Promise<T> {
  const result = await apiGet<T>(path);
  if (result.ok && typeof result.data === 'object' && result.data !== null) return result.data;
  const status = result.ok ? 502 : result.status;
  const message = result.ok ? t.errors.generic : result.data.message || t.errors.generic;
  throw new ApiError(status, { message });
}

interface SignedLinkScreenProps<T> {
  path: string;
  queryKey: QueryKey;
  title: string;
  /** The question the page asks, while it is one. */
  intro: (subject: T) => string | undefined;
  signInLabel: string;
  /** What the link names and its answers; `refetch` reads it again (answered or replaced meanwhile). */
  children: (subject: T, refetch: () => void) => ReactNode;
}

export function SignedLinkScreen<T extends { ticket_id: number }>({
  path,
  queryKey,
  title,
  intro,
  signInLabel,
  children,
}: SignedLinkScreenProps<T>) {
  const query = useQuery({
    queryKey,
    queryFn: () => fetchSignedLink<T>(path),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const subject = query.data;
  return (
    <AuthScreen title={title} intro={subject ? intro(subject) : undefined} back={subject ? 'none' : 'bottom'}>
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader role="progressbar" aria-label={t.app.loading} />
        </Center>
      ) : !subject ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          {children(subject, () => void query.refetch())}
          <Group>
            <Anchor component={Link} to={`/tickets/${subject.ticket_id}`} fw={500} size="sm">
              <Group gap={6} component="span" wrap="nowrap">
                {signInLabel}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          {query.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {errorMessage(query.error)}
            </Text>
          ) : null}
        </Stack>
      )}
    </AuthScreen>
  );
}
