/** "Contact details" of the ticket form: first and last name, email and phone, all required. */
import { ContactFields } from '../../components/forms/ContactFields';
import { t } from '../../lib/translations';
import { TicketFormSection } from './TicketFormSection';
import type { TicketFormApi } from './ticket-form-values';

const S = t.ticketScreens.form;

export function ContactSection({ form }: { form: TicketFormApi }) {
  return (
    <TicketFormSection title={S.contactSection} hint={S.contactHint}>
      <ContactFields form={form} path="contact_details" labels={S} spacing="sm" autofill paired />
    </TicketFormSection>
  );
}
