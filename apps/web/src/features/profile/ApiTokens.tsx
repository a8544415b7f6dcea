/**
 * The Security tab's API tokens (issue 27): the user's own tokens (name, made, expires, last used), a form to make
 * one (a name and a lifetime; POST users/{id}/api-tokens), whose secret is shown once in a dialog with a copy
 * button, and Revoke with a confirmation (DELETE users/{id}/api-tokens/{tokenId}). Someone else's profile shows only
 * that tokens are their owner's own.
 */
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  API_TOKEN_LIFETIMES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_NO_EXPIRY,
  type ApiToken,
  type ApiTokenCreatedResponse,
  type ApiTokenListResponse,
  type ApiTokenValues,
  type ApiUser,
  apiTokenSchema,
  type MessageResponse,
} from '@mend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { confirmAction, toastError, toastSuccess } from '../../components/feedback';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { SecretShownOnce } from '../../components/SecretShownOnce';
import { apiSend } from '../../lib/api';
import { dateFormat } from '../../lib/dates';
import { invalidateAfterWrite } from '../../lib/invalidation';
import { fetchJson } from '../../lib/records';
import { format, t } from '../../lib/translations';

const T = t.accountScreens.apiTokens;

/** The cache of a user's tokens: written by this screen only (lib/invalidation.ts 'apiTokens'). */
const apiTokensKey = (userId: number) => ['apiTokens', userId] as const;

const dateOf = (iso: string) => dayjs(iso).format(dateFormat('date'));

/** "Expires Mar 4, 2027", "Expired …" or "Never expires". */
function expiryText(token: ApiToken): string {
  if (token.expires_at === null) return T.neverExpires;
  return format(token.expired ? T.expiredAt : T.expiresAt, { date: dateOf(token.expires_at) });
}

const LIFETIME_CHOICES = API_TOKEN_LIFETIMES.map((lifetime) => ({
  value: lifetime,
  label: lifetime === API_TOKEN_NO_EXPIRY ? T.noExpiry : format(T.lifetimeDays, { days: lifetime }),
}));

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={token.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Text size="sm" c={token.expired ? 'red' : 'dimmed'}>
            {format(T.createdAt, { date: dateOf(token.created_at) })} · {expiryText(token)}
          </Text>
          <Text size="sm" c="dimmed">
            {token.last_used_at === null
              ? T.neverUsed
              : format(T.lastUsedAt, { date: dayjs(token.last_used_at).format(dateFormat('dateTime')) })}
          </Text>
        </Stack>
        <Button variant="light" color="red" size="sm" onClick={onRevoke}>
          {T.revoke}
        </Button>
      </Group>
    </Paper>
  );
}

function CreateTokenForm({
  user,
  onCreated,
}: {
  user: ApiUser;
  onCreated: (created: ApiTokenCreatedResponse) => void;
}) {
  const empty = { name: '', lifetime: API_TOKEN_LIFETIMES[0] } as ApiTokenValues;
  const { form, submit, submission } = useSubmittingForm<ApiTokenValues>({
    initialValues: empty,
    schema: apiTokenSchema,
    writes: 'apiTokens',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'POST',
      url: `users/${user.id}/api-tokens`,
      body: { name: values.name.trim(), lifetime: values.lifetime },
    });
    if (!result?.ok) return;
    form.reset();
    onCreated(result.data as ApiTokenCreatedResponse);
  });

  return (
    <SettingsForm
      label={T.create}
      submitLabel={T.create}
      errorLabel={t.buttonErrors.create}
      {...submission}
      onSubmit={onSubmit}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={T.name}
          description={T.nameHint}
          withAsterisk
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          size="sm"
          style={{ flex: '1 1 16rem' }}
          {...form.getInputProps('name')}
          name="name"
        />
        <Select
          label={T.lifetime}
          data={LIFETIME_CHOICES}
          allowDeselect={false}
          size="sm"
          w={160}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('lifetime')}
          name="lifetime"
        />
      </Group>
    </SettingsForm>
  );
}

export function ApiTokens({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ApiTokenCreatedResponse | null>(null);
  const tokens = useQuery({
    queryKey: apiTokensKey(user.id),
    queryFn: () => fetchJson<ApiTokenListResponse>(`users/${user.id}/api-tokens`),
    enabled: !notYou,
  });

  async function revoke(token: ApiToken): Promise<void> {
    const confirmed = await confirmAction({
      title: T.revokeTitle,
      message: format(T.revokeText, { name: token.name }),
      confirmLabel: T.revoke,
      cancelLabel: t.confirm.noKeep,
      danger: true,
    });
    if (!confirmed) return;
    const result = await apiSend<MessageResponse>('DELETE', `users/${user.id}/api-tokens/${token.id}`);
    await invalidateAfterWrite(queryClient, 'apiTokens');
    if (result.ok) toastSuccess(t.toasts.deleted, result.data.message);
    else toastError(t.errors.yikes, result.data.message || t.errors.generic);
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} fz={18}>
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {notYou ? T.notYou : T.intro}
        </Text>
      </Stack>
      {notYou ? null : (
        <>
          <CreateTokenForm user={user} onCreated={setCreated} />
          {tokens.data && tokens.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {T.none}
            </Text>
          ) : null}
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.title}>
            {tokens.data?.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => void revoke(token)} />
            ))}
          </Stack>
        </>
      )}
      <SecretShownOnce
        secret={created?.token ?? null}
        texts={{ title: T.newTitle, text: T.newText, copy: T.copy, copied: T.copied, done: T.done }}
        testId="new-api-token"
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}
