/**
 * The avatar at the side of the profile (SPEC.md sections 2, 5 and 8). On the Account Info tab it can
 * be replaced, by the button or by dropping an image on it: checked first ("File too big", "Too many
 * files"), then PATCH users/{id}/avatar; success toasts "Updated!" / "Your avatar has been successfully
 * updated.", failure opens the "Oops!" alert with its "GOT IT!" button.
 */
import { Avatar, Badge, Button, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ACCEPTED_AVATAR_MIME_TYPES, type ApiUser, isTemporaryEmail } from '@mend/shared';
import { IconCamera } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { formatDate } from '../../components/details';
import { toastSuccess } from '../../components/feedback';
import { apiSend } from '../../lib/api';
import { format, t } from '../../lib/translations';
import { displayName } from '../users/user-types';
import { avatarFilesError } from './avatar-upload';
import classes from './ProfilePage.module.css';
import { useProfileSaved } from './queries';

const P = t.accountScreens.profile;

/** The failure alert: "Oops!", the message and a "GOT IT!" button. */
export function openAvatarFailure(): void {
  const id = modals.open({
    title: t.errors.avatarTitle,
    zIndex: 400,
    centered: true,
    radius: 'md',
    children: (
      <Stack gap="lg">
        <Text size="sm">{t.errors.avatarFailed}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {t.buttons.gotIt}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

export function ProfileAvatar({ user, canUpload }: { user: ApiUser; canUpload: boolean }) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const saved = useProfileSaved(user.id);
  const name = displayName(user);

  async function upload(files: File[]) {
    const message = avatarFilesError(files);
    setProblem(message);
    if (message || files.length === 0 || uploading) return;
    setUploading(true);
    const result = await apiSend<unknown>('PATCH', `users/${user.id}/avatar`, { avatar: files[0] });
    setUploading(false);
    if (result.ok) {
      toastSuccess(t.toasts.avatarUpdatedTitle, t.toasts.avatarUpdated);
      saved(result.data);
    } else openAvatarFailure();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (canUpload) void upload([...event.dataTransfer.files]);
  }

  const dropProps = canUpload
    ? {
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop,
      }
    : {};

  return (
    <Stack align="center" gap="sm" ta="center">
      <div className={classes.avatarDrop} data-dragging={dragging || undefined} {...dropProps}>
        <Avatar src={user.avatar} name={name} alt={P.avatarLabel} color="initials" size={112} radius={112} />
        {uploading ? (
          <div className={classes.avatarBusy} role="status" aria-label={P.uploading}>
            <Loader color="white" size="sm" aria-hidden />
          </div>
        ) : null}
      </div>
      <Stack gap={2} align="center" maw="100%">
        <Title order={2} fz={20} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        {user.company_name && user.company_name !== name ? (
          <Text size="sm" c="dimmed">
            {user.company_name}
          </Text>
        ) : null}
        {/* A temporary account has no email to show (the server never gives its placeholder as one). */}
        {user.email && !isTemporaryEmail(user.email) ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        ) : null}
      </Stack>
      <Badge variant="light" tt="none" fw={500}>
        {user.role_name}
      </Badge>
      {canUpload ? (
        <Stack gap={6} align="center">
          <FileButton
            onChange={(file) => void upload(file ? [file] : [])}
            accept={ACCEPTED_AVATAR_MIME_TYPES.join(',')}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconCamera size={16} aria-hidden />}
                loading={uploading}
              >
                {P.changeAvatar}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" maw={240}>
            {P.avatarHint}
          </Text>
          {problem ? (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed" maw={240}>
          {P.avatarOnInfoTab}
        </Text>
      )}
      {user.created_at_timestamp ? (
        <Text size="xs" c="dimmed">
          {format(P.memberSince, { date: formatDate(user.created_at_timestamp) })}
        </Text>
      ) : null}
    </Stack>
  );
}
