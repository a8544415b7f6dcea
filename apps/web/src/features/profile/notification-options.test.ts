import type { NotificationOptions } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { appendValue } from '../../lib/api';
import {
  NOTIFICATION_ERROR_ALIASES,
  notificationFormValues,
  notificationOptionsPayload,
} from './notification-options';

const current: NotificationOptions = {
  mail: { tickets: true, reminders: true, support: false },
  sms: { phone_number: '780 555 0101', tickets: false, reminders: true, support: false },
  phone: { phone_number: '', tickets: false },
};

describe('notificationFormValues', () => {
  it('keeps the given options', () => {
    expect(notificationFormValues(current)).toEqual(current);
  });

  it('fills in what is missing as off / empty', () => {
    expect(notificationFormValues(undefined)).toEqual({
      mail: { tickets: false, reminders: false, support: false },
      sms: { phone_number: '', tickets: false, reminders: false, support: false },
      phone: { phone_number: '', tickets: false },
    });
    expect(notificationFormValues({ mail: { tickets: true }, sms: null }).mail.tickets).toBe(true);
  });
});

describe('notificationOptionsPayload', () => {
  it('sends the visible choices as 1/0 and trimmed numbers, and the hidden reminders unchanged', () => {
    const values: NotificationOptions = {
      mail: { tickets: false, reminders: false, support: true },
      sms: { phone_number: ' 780 555 0199 ', tickets: true, reminders: false, support: true },
      phone: { phone_number: '780 555 0100 ', tickets: true },
    };
    expect(notificationOptionsPayload(values, current)).toEqual({
      notification_options: {
        mail: { tickets: '0', reminders: '1', support: '1' },
        sms: { phone_number: '780 555 0199', tickets: '1', reminders: '1', support: '1' },
        phone: { phone_number: '780 555 0100', tickets: '1' },
      },
    });
  });

  it('becomes the bracketed multipart fields of SPEC.md section 7', () => {
    const form = new FormData();
    const body = notificationOptionsPayload(notificationFormValues(current), current);
    appendValue(form, 'notification_options', body.notification_options);
    expect([...form.entries()]).toEqual([
      ['notification_options[mail][tickets]', '1'],
      ['notification_options[mail][reminders]', '1'],
      ['notification_options[mail][support]', '0'],
      ['notification_options[sms][phone_number]', '780 555 0101'],
      ['notification_options[sms][tickets]', '0'],
      ['notification_options[sms][reminders]', '1'],
      ['notification_options[sms][support]', '0'],
      ['notification_options[phone][phone_number]', ''],
      ['notification_options[phone][tickets]', '0'],
    ]);
  });

  it('maps the server names of the phone numbers onto the form', () => {
    expect(NOTIFICATION_ERROR_ALIASES['notification_options[sms][phone_number]']).toBe('sms.phone_number');
    expect(NOTIFICATION_ERROR_ALIASES['notification_options.phone.phone_number']).toBe('phone.phone_number');
  });
});
