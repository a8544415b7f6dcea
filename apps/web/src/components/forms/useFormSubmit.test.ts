import { describe, expect, it } from 'vitest';
import { t } from '../../lib/translations';
import { refusal } from './useFormSubmit';

describe('refusal', () => {
  it("puts the server's messages on their fields and lists them under its message", () => {
    expect(
      refusal({
        message: 'The given data was invalid.',
        errors: { name: ['Please add a name'], 'contact_details[email]': ['Invalid Email', 'Too long'] },
      }),
    ).toEqual({
      fields: { name: 'Please add a name', 'contact_details.email': 'Invalid Email, Too long' },
      summary: {
        title: 'The given data was invalid.',
        lines: ['Please add a name', 'Invalid Email, Too long'],
      },
    });
  });

  it('titles a refusal without a message "Oops, something went wrong." and clears the fields', () => {
    expect(refusal({})).toEqual({ fields: {}, summary: { title: t.errors.formTitle, lines: [] } });
  });

  it('maps aliased fields, keeps hidden ones to the summary and only marks marked ones', () => {
    const { fields, summary } = refusal(
      {
        message: 'Nope',
        errors: {
          'notification_options[sms][phone_number]': ['Invalid Phone'],
          token: ['This password reset token is invalid.'],
          users: ['Row 2: Invalid Email'],
        },
      },
      {
        aliases: { 'notification_options[sms][phone_number]': 'sms.phone_number' },
        hiddenFields: ['token'],
        markedFields: ['users'],
      },
    );
    expect(fields).toEqual({ 'sms.phone_number': 'Invalid Phone', users: true });
    expect(summary.lines).toEqual([
      'Invalid Phone',
      'This password reset token is invalid.',
      'Row 2: Invalid Email',
    ]);
  });
});
