/**
 * A secret the server shows only once (an API token, a webhook's signing secret): a dialog with the secret, a copy
 * button and Done. Closing it forgets the secret, so the caller passes null once it is closed.
 */
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export type SecretShownOnceTexts = {
  title: string;
  text: string;
  copy: string;
  copied: string;
  done: string;
};

export function SecretShownOnce({
  secret,
  texts,
  testId,
  onClose,
}: {
  secret: string | null;
  texts: SecretShownOnceTexts;
  testId: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={texts.title} centered zIndex={400}>
      {secret !== null ? (
        <Stack gap="md">
          <Text size="sm">{texts.text}</Text>
          <Code block data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? texts.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{texts.done}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
