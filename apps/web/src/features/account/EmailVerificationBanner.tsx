/**
 * The email-verification banner of the signed-in layout (SPEC.md sections 2, 4 and 8): a user without
 * a verified-email timestamp is asked to verify, with "Resend the link" (GET /email/resend); then
 * "resent", or "verified" once the address is verified (?verified=1, or the next current-user poll).
 * It can be closed (for this browser tab's session). A resend failure is only logged.
 */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { ApiUser } from '@mend/shared';
import { IconCircleCheck, IconMailExclamation, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiGet } from '../../lib/api';
import { t } from '../../lib/translations';
import { type BannerState, initialBannerState, nextBannerState } from './banner-state';

const CLOSED_KEY = 'mend.emailBanner.closed';

function closedFor(userId: number): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === String(userId);
  } catch {
    return false;
  }
}

function rememberClosed(userId: number): void {
  try {
    sessionStorage.setItem(CLOSED_KEY, String(userId));
  } catch {
    // Private mode: the banner simply comes back on the next load.
  }
}

export function EmailVerificationBanner({ user }: { user: ApiUser }) {
  const [params] = useSearchParams();
  const verifiedParam = params.get('verified') === '1';
  const unverified = user.email_verified_at === null && !user.is_temporary;
  const [state, setState] = useState<BannerState>(() =>
    initialBannerState({ unverified, verifiedParam, closed: closedFor(user.id) }),
  );
  const [seen, setSeen] = useState({ unverified, verifiedParam });
  if (seen.unverified !== unverified || seen.verifiedParam !== verifiedParam) {
    setSeen({ unverified, verifiedParam });
    setState((current) => nextBannerState(current, { unverified, verifiedParam }));
  }

  async function resend() {
    setState('sending');
    const result = await apiGet<{ message?: string }>('email/resend');
    if (result.ok) setState('resent');
    else {
      console.error('The verification email could not be resent.', result.status, result.data.message);
      setState('prompt');
    }
  }

  function close() {
    if (state !== 'verified') rememberClosed(user.id);
    setState('closed');
  }

  if (state === 'closed' || state === 'hidden') return null;

  if (state === 'verified')
    return (
      <Alert
        color="teal"
        variant="light"
        radius="md"
        mb="lg"
        icon={<IconCircleCheck aria-hidden />}
        withCloseButton
        closeButtonLabel={t.buttons.close}
        onClose={close}
        role="status"
      >
        <Text size="sm" fw={600}>
          {t.toasts.emailVerified}
        </Text>
      </Alert>
    );

  return (
    <Alert
      color={state === 'resent' ? 'teal' : 'yellow'}
      variant="light"
      radius="md"
      mb="lg"
      icon={state === 'resent' ? <IconSend aria-hidden /> : <IconMailExclamation aria-hidden />}
      withCloseButton
      closeButtonLabel={t.buttons.close}
      onClose={close}
      role="status"
    >
      {state === 'resent' ? (
        <Text size="sm">{t.toasts.verificationResent}</Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t.banners.verifyEmail}</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => void resend()}
            disabled={state === 'sending'}
            aria-disabled={state === 'sending' || undefined}
          >
            {state === 'sending' ? t.accountScreens.banner.resending : t.banners.resend}
          </Anchor>
        </Group>
      )}
    </Alert>
  );
}
