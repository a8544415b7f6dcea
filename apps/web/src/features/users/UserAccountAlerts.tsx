/** What a user's details show to get its account going: the activation link, the generated password. */
import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../lib/translations';
import { activationUrl } from './user-types';

function CopyValue({ value }: { value: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t.screens.copied : t.screens.copyLink} withArrow zIndex={400}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t.screens.copyLink}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** An alert with a value to pass on and its copy button. */
function CopyableValueAlert({
  color,
  icon,
  title,
  hint,
  value,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  hint: string;
  /** The value as shown: a long link breaks anywhere and keeps its button beside it. */
  value: { text: string; long?: boolean };
}) {
  return (
    <Alert variant="light" color={color} radius="md" icon={icon} title={title}>
      <Stack gap={6}>
        <Text size="sm">{hint}</Text>
        <Group gap={4} wrap={value.long ? 'nowrap' : 'wrap'}>
          {value.long ? (
            <Code style={{ overflowWrap: 'anywhere' }}>{value.text}</Code>
          ) : (
            <Code fz="sm">{value.text}</Code>
          )}
          <CopyValue value={value.text} />
        </Group>
      </Stack>
    </Alert>
  );
}

/** A temporary account's activation link, to send to its user. */
export function ActivationLinkAlert({ username }: { username: string }) {
  return (
    <CopyableValueAlert
      color="orange"
      icon={<IconLink size={18} aria-hidden />}
      title={t.screens.activationLink}
      hint={t.screens.activationHint}
      value={{ text: activationUrl(username), long: true }}
    />
  );
}

/** A new user's generated password, shown once. */
export function GeneratedPasswordAlert({ password }: { password: string }) {
  return (
    <CopyableValueAlert
      color="blue"
      icon={<IconKey size={18} aria-hidden />}
      title={t.screens.generatedPasswordTitle}
      hint={t.screens.generatedPassword}
      value={{ text: password }}
    />
  );
}
