/**
 * Notifications (SPEC.md sections 3, 5 and 7): how the user hears about tickets and support replies,
 * by email, SMS and voice call, with the phone numbers of the last two (valid when given, required
 * while a flag of the channel is on: notificationOptionsSchema). The reminder flags stay hidden and
 * are sent back unchanged. PATCH users/{id}/notifications, then "Saved".
 */
import { Divider, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  type ApiUser,
  isTemporaryEmail,
  type NotificationOptionsSavedResponse,
  type NotificationOptionsValues,
  notificationOptionsSchema,
} from '@mend/shared';
import { IconMail, IconMessage, IconPhoneCall } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import type { FormValues } from '../../components/forms/form-values';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { format, t } from '../../lib/translations';
import {
  NOTIFICATION_ERROR_ALIASES,
  notificationFormValues,
  notificationOptionsPayload,
} from './notification-options';
import classes from './ProfilePage.module.css';

const N = t.accountScreens.notificationOptions;

type OptionValues = FormValues<NotificationOptionsValues>;

function Channel({
  icon: Icon,
  title,
  hint,
  children,
}: {
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={classes.channel}>
      <legend className={classes.channelLegend}>
        <Icon size={20} stroke={1.7} aria-hidden />
        <Title order={3} fz={16} component="span">
          {title}
        </Title>
      </legend>
      {hint ? (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      ) : null}
      <Stack gap="sm">{children}</Stack>
    </fieldset>
  );
}

export function NotificationsTab({ user }: { user: ApiUser }) {
  const { form, canSubmit } = useRecordForm<OptionValues>({
    initialValues: notificationFormValues(user.notification_options),
    schema: notificationOptionsSchema,
    stored: true,
  });
  const { buttonState, error, submit } = useFormSubmit(form, {
    writes: 'users',
    aliases: NOTIFICATION_ERROR_ALIASES,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/notifications`,
      body: { ...notificationOptionsPayload(values, user.notification_options) },
      toast: { title: t.toasts.savedTitle, message: t.toasts.saved },
    });
    if (!result?.ok) return;
    // The answer's data is the saved options.
    const answered = (result.data as Partial<NotificationOptionsSavedResponse> | null)?.data;
    const next = notificationFormValues(answered?.mail ? answered : values);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  });

  const flag = (path: string, label: string) => (
    <Switch label={label} {...form.getInputProps(path, { type: 'checkbox' })} name={path} />
  );

  return (
    <SettingsForm
      label={t.titles.notifications}
      intro={N.intro}
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={t.accountScreens.profile.save}
      errorLabel={t.buttonErrors.save}
    >
      <Channel
        icon={IconMail}
        title={N.mail}
        hint={
          user.email && !isTemporaryEmail(user.email) ? format(N.mailHint, { email: user.email }) : undefined
        }
      >
        {flag('mail.tickets', N.tickets)}
        {flag('mail.support', N.support)}
      </Channel>
      <Divider />
      <Channel icon={IconMessage} title={N.sms} hint={N.numberHint}>
        <TextInput
          size="sm"
          label={N.smsNumber}
          type="tel"
          autoComplete="tel"
          maw={360}
          {...form.getInputProps('sms.phone_number')}
          name="sms.phone_number"
        />
        {flag('sms.tickets', N.tickets)}
        {flag('sms.support', N.support)}
      </Channel>
      <Divider />
      <Channel icon={IconPhoneCall} title={N.phone} hint={N.numberHint}>
        <TextInput
          size="sm"
          label={N.phoneNumber}
          type="tel"
          autoComplete="tel"
          maw={360}
          {...form.getInputProps('phone.phone_number')}
          name="phone.phone_number"
        />
        {flag('phone.tickets', N.tickets)}
      </Channel>
    </SettingsForm>
  );
}
