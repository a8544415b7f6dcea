/** Shared form fields: the avatar/logo picker and the name and description most records start with. */
import { Avatar, FileInput, Group, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ACCEPTED_AVATAR_MIME_TYPES, checkAvatar } from '@mend/shared';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { t } from '../../lib/translations';

/** The avatar rule (one image under 1,000,000 bytes) as a field error, or none. */
export function avatarError(file: File | null | undefined): Record<string, string> {
  const message = file ? checkAvatar([{ size: file.size, type: file.type }]) : null;
  return message ? { avatar: message } : {};
}

export interface AvatarFieldProps {
  label: string;
  /** The current image URL of the record. */
  current?: string | null;
  /** Initials shown without any image. */
  name: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  square?: boolean;
}

export function AvatarField({
  label,
  current,
  name,
  value,
  onChange,
  error,
  square = false,
}: AvatarFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar
        src={preview ?? current ?? null}
        name={name || undefined}
        color="initials"
        size={64}
        radius={square ? 'md' : 'xl'}
        alt=""
      />
      <FileInput
        style={{ flex: 1 }}
        label={label}
        description={t.screens.hints.image}
        placeholder={t.screens.hints.chooseImage}
        accept={ACCEPTED_AVATAR_MIME_TYPES.join(',')}
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        value={value}
        onChange={(file) => onChange(file)}
        error={error}
        name="avatar"
      />
    </Group>
  );
}

interface AvatarFormValues {
  avatar: File | null;
  name: string;
}

/** The avatar/logo picker bound to a record form's `avatar` field, checking the file as soon as it is picked. */
export function FormAvatarField<Values extends AvatarFormValues>({
  form,
  label,
  current,
  square = true,
}: {
  form: UseFormReturnType<Values>;
  label: string;
  current?: string | null;
  square?: boolean;
}) {
  const avatarForm = form as unknown as UseFormReturnType<AvatarFormValues>;
  return (
    <AvatarField
      label={label}
      name={avatarForm.values.name}
      current={current}
      square={square}
      value={avatarForm.values.avatar}
      onChange={(file) => {
        avatarForm.setFieldValue('avatar', file);
        avatarForm.setFieldError('avatar', avatarError(file).avatar ?? null);
      }}
      error={avatarForm.errors.avatar}
    />
  );
}

/** The required name and description fields most records start with. */
export function NameDescriptionFields<Values extends { name: string; description: string }>({
  form,
  nameLabel,
  descriptionLabel,
}: {
  form: UseFormReturnType<Values>;
  nameLabel: string;
  descriptionLabel: string;
}) {
  const textForm = form as unknown as UseFormReturnType<{ name: string; description: string }>;
  return (
    <>
      <TextInput size="sm" label={nameLabel} withAsterisk {...textForm.getInputProps('name')} />
      <Textarea
        label={descriptionLabel}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        {...textForm.getInputProps('description')}
      />
    </>
  );
}
