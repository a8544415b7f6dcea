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
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { t } from '../../lib/translations';
import { type ContactValues, contactPayload, contactValues } from './contact-types';

const F = t.screens.fields;
const A = t.accountScreens;

export function ContactForm({ sender }: { sender: ApiUser }) {
  const { form, canSubmit } = useRecordForm<ContactValues>({
    initialValues: contactValues(sender),
    schema: contactFormSchema,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'contact' });

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

  const input = (path: string) => ({ ...form.getInputProps(path), name: path });

  return (
    <Stack gap="lg">
      <Alert variant="light" color="mend" radius="md" icon={<IconClock aria-hidden />}>
        {t.contact.officeHours}
      </Alert>
      <SettingsForm
        title={A.contactForm.title}
        intro={A.contactForm.intro}
        onSubmit={onSubmit}
        error={error}
        buttonState={buttonState}
        canSubmit={canSubmit}
        submitLabel={A.contactForm.send}
        errorLabel={t.buttonErrors.send}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="sm"
            label={F.firstName}
            autoComplete="given-name"
            withAsterisk
            {...input('meta.first_name')}
          />
          <TextInput
            size="sm"
            label={F.lastName}
            autoComplete="family-name"
            withAsterisk
            {...input('meta.last_name')}
          />
          <TextInput
            size="sm"
            label={F.companyName}
            autoComplete="organization"
            withAsterisk
            {...input('meta.company_name')}
          />
          <TextInput
            size="sm"
            label={F.email}
            type="email"
            autoComplete="email"
            withAsterisk
            {...input('meta.email')}
          />
          <TextInput
            size="sm"
            label={A.contactForm.phoneOptional}
            type="tel"
            autoComplete="tel"
            {...input('meta.phone_number')}
          />
        </SimpleGrid>
        <TextInput size="sm" label={A.fields.subject} withAsterisk {...input('subject')} />
        <Textarea
          label={A.fields.message}
          withAsterisk
          autosize
          minRows={5}
          maxRows={14}
          {...input('message')}
        />
      </SettingsForm>
    </Stack>
  );
}
