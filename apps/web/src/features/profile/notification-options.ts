/**
 * The Notifications tab (SPEC.md sections 3, 5 and 7): email, SMS and voice flags and phone numbers.
 * The reminder flags are hidden but sent back with their current values, so saving the visible
 * options never changes them. Flags travel as '1' / '0'.
 */
import type { NotificationOptions } from '@mend/shared';

type Partially<T> = { [K in keyof T]?: Partial<T[K]> | null };

const bool = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Form values from the user's options; anything missing is off / empty. */
export function notificationFormValues(
  options: Partially<NotificationOptions> | null | undefined,
): NotificationOptions {
  const mail = options?.mail ?? {};
  const sms = options?.sms ?? {};
  const phone = options?.phone ?? {};
  return {
    mail: { tickets: bool(mail.tickets), reminders: bool(mail.reminders), support: bool(mail.support) },
    sms: {
      phone_number: text(sms.phone_number),
      tickets: bool(sms.tickets),
      reminders: bool(sms.reminders),
      support: bool(sms.support),
    },
    phone: { phone_number: text(phone.phone_number), tickets: bool(phone.tickets) },
  };
}

const bit = (value: boolean): '1' | '0' => (value ? '1' : '0');

export interface NotificationOptionsBody {
  notification_options: {
    mail: { tickets: '1' | '0'; reminders: '1' | '0'; support: '1' | '0' };
    sms: { phone_number: string; tickets: '1' | '0'; reminders: '1' | '0'; support: '1' | '0' };
    phone: { phone_number: string; tickets: '1' | '0' };
  };
}

/**
 * The PATCH users/{id}/notifications body: `notification_options[mail|sms|phone][...]` (nested
 * objects become bracketed names in lib/api.ts), the visible choices from `values`, the hidden
 * reminder flags from `current` (the options as the server last answered them).
 */
export function notificationOptionsPayload(
  values: NotificationOptions,
  current: Partially<NotificationOptions> | null | undefined,
): NotificationOptionsBody {
  const saved = notificationFormValues(current);
  return {
    notification_options: {
      mail: {
        tickets: bit(values.mail.tickets),
        reminders: bit(saved.mail.reminders),
        support: bit(values.mail.support),
      },
      sms: {
        phone_number: values.sms.phone_number.trim(),
        tickets: bit(values.sms.tickets),
        reminders: bit(saved.sms.reminders),
        support: bit(values.sms.support),
      },
      phone: { phone_number: values.phone.phone_number.trim(), tickets: bit(values.phone.tickets) },
    },
  };
}

/** Server field names of the phone numbers (bracketed or dotted) mapped onto the form's paths. */
export const NOTIFICATION_ERROR_ALIASES: Record<string, string> = Object.fromEntries(
  ['sms', 'phone'].flatMap((channel) => [
    [`notification_options[${channel}][phone_number]`, `${channel}.phone_number`],
    [`notification_options.${channel}.phone_number`, `${channel}.phone_number`],
  ]),
);
