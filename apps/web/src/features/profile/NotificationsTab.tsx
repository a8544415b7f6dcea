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
import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { FormValues } from '../../components/forms/form-values';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { format, t } from '../../lib/translations';
import {
  NOTIFICATION_ERROR_ALIASES,
  notificationFormValues,
  notificationOptionsPayload,
} from './notification-options';
import classes from './ProfilePage.module.css';
import { SAVE_BUTTON, SAVED_TOAST } from './save-button';

const N = t.accountScreens.notificationOptions;

type OptionValues = FormValues<NotificationOptionsValues>;

/**
 * The channels in the order shown, each with the flags it offers (voice calls only for tickets). SMS and
 * calls go to a number of their own, asked above their flags.
 */
const CHANNELS = [
  { key: 'mail', icon: IconMail, title: N.mail, flags: ['tickets', 'support'] },
  { key: 'sms', icon: IconMessage, title: N.sms, numberLabel: N.smsNumber, flags: ['tickets', 'support'] },
  { key: 'phone', icon: IconPhoneCall, title: N.phone, numberLabel: N.phoneNumber, flags: ['tickets'] },
] as const;

const FLAG_LABELS = { tickets: N.tickets, support: N.support };

/** The form's name (the tab's), intro and button (SettingsForm's texts). */
const OPTIONS_FORM = { label: t.titles.notifications, intro: N.intro, ...SAVE_BUTTON };

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
  const { form, submit, submission } = useSubmittingForm<OptionValues>({
    initialValues: notificationFormValues(user.notification_options),
    schema: notificationOptionsSchema,
    stored: true,
    writes: 'users',
    aliases: NOTIFICATION_ERROR_ALIASES,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/notifications`,
      body: { ...notificationOptionsPayload(values, user.notification_options) },
      toast: SAVED_TOAST,
    });
    if (!result?.ok) return;
    // The answer's data is the saved options.
    const answered = (result.data as Partial<NotificationOptionsSavedResponse> | null)?.data;
    const next = notificationFormValues(answered?.mail ? answered : values);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  });

  // The mail channel names the address it writes to, while the account has a real one.
  const mailHint =
    user.email && !isTemporaryEmail(user.email) ? format(N.mailHint, { email: user.email }) : undefined;

  return (
    <SettingsForm {...OPTIONS_FORM} {...submission} onSubmit={onSubmit}>
      {CHANNELS.map((channel, index) => (
        <Fragment key={channel.key}>
          {index > 0 ? <Divider /> : null}
          <Channel
            icon={channel.icon}
            title={channel.title}
            hint={channel.key === 'mail' ? mailHint : N.numberHint}
          >
            {'numberLabel' in channel ? (
              <TextInput
                size="sm"
                label={channel.numberLabel}
                type="tel"
                autoComplete="tel"
                maw={360}
                {...form.getInputProps(`${channel.key}.phone_number`)}
                name={`${channel.key}.phone_number`}
              />
            ) : null}
            {channel.flags.map((flag) => {
              const path = `${channel.key}.${flag}`;
              return (
                <Switch
                  key={flag}
                  label={FLAG_LABELS[flag]}
                  {...form.getInputProps(path, { type: 'checkbox' })}
                  name={path}
                />
              );
            })}
          </Channel>
        </Fragment>
      ))}
    </SettingsForm>
  );
}
