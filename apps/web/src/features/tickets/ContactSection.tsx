/** "Contact details" of the ticket form: first and last name, email and phone, all required. */
import { SimpleGrid, TextInput } from '@mantine/core';
import { t } from '../../lib/translations';
import { TicketFormSection } from './TicketFormSection';
import type { TicketFormApi } from './ticket-form-values';

const S = t.ticketScreens.form;

export function ContactSection({ form }: { form: TicketFormApi }) {
  return (
    <TicketFormSection title={S.contactSection} hint={S.contactHint}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          size="sm"
          label={S.firstName}
          withAsterisk
          autoComplete="given-name"
          {...form.getInputProps('contact_details.first_name')}
        />
        <TextInput
          size="sm"
          label={S.lastName}
          withAsterisk
          autoComplete="family-name"
          {...form.getInputProps('contact_details.last_name')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          size="sm"
          type="email"
          label={S.email}
          withAsterisk
          autoComplete="email"
          {...form.getInputProps('contact_details.email')}
        />
        <TextInput
          size="sm"
          type="tel"
          label={S.phone}
          withAsterisk
          autoComplete="tel"
          {...form.getInputProps('contact_details.phone_number')}
        />
      </SimpleGrid>
    </TicketFormSection>
  );
}
