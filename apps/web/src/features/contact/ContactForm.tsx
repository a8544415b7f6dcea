/**
 * The contact form for reaching support (SPEC.md sections 1, 5 and 7): first name, last name, company,
 * email, phone (valid or empty), subject ("Please add a subject") and message ("Please add a
 * message"), validated with contactFormSchema. The sender's details start filled in from the
 * signed-in user. POST /contact, then the toast "Sent" / "Thank you for your message, We will reach
 * out soon." and the subject and message are cleared.
 */
import { Alert, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type ApiUser, contactFormSchema } from '@mend/shared';
import { IconClock } from '@tabler/icons-react';
import { personFields } from '../../components/account/person-fields';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { t } from '../../lib/translations';
import { type ContactValues, contactPayload, contactValues } from './contact-types';

const F = t.screens.fields;
const A = t.accountScreens;

/** The sender (held in `meta`) and how support answers them: by email, or by phone when given. */
const SENDER: FieldSpec[] = [
  ...personFields('meta.'),
  { path: 'meta.email', label: F.email, type: 'email', autoComplete: 'email', required: true },
  { path: 'meta.phone_number', label: A.contactForm.phoneOptional, type: 'tel', autoComplete: 'tel' },
];

/** The form's heading (also its name), intro and button (SettingsForm's texts). */
const CONTACT_FORM = {
  title: A.contactForm.title,
  intro: A.contactForm.intro,
  submitLabel: A.contactForm.send,
  errorLabel: t.buttonErrors.send,
};

export function ContactForm({ sender }: { sender: ApiUser }) {
  const { form, submit, submission } = useSubmittingForm<ContactValues>({
    initialValues: contactValues(sender),
    schema: contactFormSchema,
    writes: 'contact',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'POST',
      url: 'contact',
      body: contactPayload(values),
      toast: { title: t.toasts.sentTitle, message: t.toasts.sent },
    });
    if (!result?.ok) return;
    // Subject and message are cleared; the sender's details stay for the next message.
    const next = { ...values, subject: '', message: '' };
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  });

  return (
    <Stack gap="lg">
      <Alert variant="light" color="mend" radius="md" icon={<IconClock aria-hidden />}>
        {t.contact.officeHours}
      </Alert>
      <SettingsForm {...CONTACT_FORM} {...submission} onSubmit={onSubmit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormFields form={form} fields={SENDER} size="sm" />
        </SimpleGrid>
        <TextInput
          size="sm"
          label={A.fields.subject}
          withAsterisk
          {...form.getInputProps('subject')}
          name="subject"
        />
        <Textarea
          label={A.fields.message}
          withAsterisk
          autosize
          minRows={5}
          maxRows={14}
          {...form.getInputProps('message')}
          name="message"
        />
      </SettingsForm>
    </Stack>
  );
}
