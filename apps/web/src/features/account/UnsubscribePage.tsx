/**
 * /unsubscribe/{token} (DESIGN.md): the link at the foot of every notification email. Opening it
 * posts the token once (POST /unsubscribe/{token}, no sign-in needed) and shows the server's answer:
 * the confirmation, or why it did not work (an expired or unknown link answers 400 with a message).
 */
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { apiSend } from '../../lib/api';
import { t } from '../../lib/translations';
import { AuthScreen } from './AuthScreen';

const U = t.accountScreens.unsubscribe;

export type UnsubscribeResult = { ok: boolean; message: string };

/** One POST per token and page load, even when React runs the effect twice (StrictMode). */
const pending = new Map<string, Promise<UnsubscribeResult>>();

export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  let request = pending.get(token);
  if (!request) {
    request = apiSend<{ message?: string }>('POST', `unsubscribe/${encodeURIComponent(token)}`).then(
      (result) => ({
        ok: result.ok,
        message: result.data?.message || (result.ok ? U.doneTitle : t.errors.generic),
      }),
    );
    pending.set(token, request);
  }
  return request;
}

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const [result, setResult] = useState<UnsubscribeResult | null>(null);

  useEffect(() => {
    let live = true;
    void unsubscribe(token).then((answer) => {
      if (live) setResult(answer);
    });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthScreen title={t.titles.unsubscribe}>
      {result === null ? (
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              {U.working}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Alert
          color={result.ok ? 'teal' : 'red'}
          variant="light"
          radius="md"
          title={result.ok ? U.doneTitle : U.failedTitle}
          icon={result.ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </Alert>
      )}
    </AuthScreen>
  );
}
