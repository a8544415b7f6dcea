/** "Availability" of the ticket form: its ranges (see AvailabilityFields), in the property's zone. */
import { t } from '../../lib/translations';
import { AvailabilityFields, rangeRow } from './AvailabilityFields';
import { TicketFormSection } from './TicketFormSection';
import type { TicketFormApi } from './ticket-form-values';

const S = t.ticketScreens.form;

export function AvailabilitySection({ form, timeZone }: { form: TicketFormApi; timeZone: string }) {
  const rangeError = (index: number) => form.errors[`availability.${index}`];

  return (
    <TicketFormSection title={S.availabilitySection} hint={S.availabilityHint}>
      <AvailabilityFields
        ranges={form.values.availability}
        timeZone={timeZone}
        onChange={(index, range) => {
          form.setFieldValue(`availability.${index}`, range);
          form.validateField(`availability.${index}`);
        }}
        onAdd={() => form.insertListItem('availability', rangeRow(timeZone))}
        onRemove={(index) => {
          form.removeListItem('availability', index);
          form.clearFieldError(`availability.${index}`);
        }}
        errorOf={rangeError}
        listError={form.errors.availability}
      />
    </TicketFormSection>
  );
}
