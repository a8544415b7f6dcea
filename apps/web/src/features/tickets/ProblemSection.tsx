/**
 * "The problem" of the ticket form: the unit (see UnitField), title, description, category, priority and
 * status (see CategoryPriorityStatusFields), and the photos (the ticket's kept or removed, new ones added).
 */
import { Textarea, TextInput } from '@mantine/core';
import type { ApiTicket, ApiTicketImage } from '@mend/shared';
import { t } from '../../lib/translations';
import { CategoryPriorityStatusFields } from './CategoryPriorityStatusFields';
import { PhotosField } from './PhotosField';
import { TicketFormSection } from './TicketFormSection';
import type { TicketFormApi, UnitChoice } from './ticket-form-values';
import { UnitField } from './UnitField';

const S = t.ticketScreens.form;

export function ProblemSection({
  form,
  ticket,
  includeStatus,
  chosenUnit,
  setChosenUnit,
  timeZone,
  existing,
  onPreparingPhotosChange,
}: {
  form: TicketFormApi;
  /** The edited ticket; null on create. */
  ticket: ApiTicket | null;
  includeStatus: boolean;
  chosenUnit: UnitChoice | null;
  setChosenUnit: (unit: UnitChoice | null) => void;
  /** The zone the availability is in now. */
  timeZone: string;
  /** The edited ticket's files. */
  existing: readonly ApiTicketImage[];
  /** True while chosen photos are being scaled down: the form waits. */
  onPreparingPhotosChange: (preparing: boolean) => void;
}) {
  return (
    <TicketFormSection title={S.ticketSection}>
      <UnitField
        form={form}
        creating={ticket === null}
        chosenUnit={chosenUnit}
        setChosenUnit={setChosenUnit}
        timeZone={timeZone}
      />
      <TextInput
        size="sm"
        label={S.title}
        placeholder={S.titlePlaceholder}
        withAsterisk
        {...form.getInputProps('title')}
      />
      <Textarea
        label={S.description}
        placeholder={S.descriptionPlaceholder}
        withAsterisk
        autosize
        minRows={4}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <CategoryPriorityStatusFields form={form} ticket={ticket} includeStatus={includeStatus} />
      <PhotosField
        existing={existing}
        removeIds={form.values.remove_images}
        onToggleRemove={(imageId) => {
          const ids = form.values.remove_images;
          form.setFieldValue(
            'remove_images',
            ids.includes(imageId) ? ids.filter((item) => item !== imageId) : [...ids, imageId],
          );
          form.validateField('images');
        }}
        files={form.values.images}
        onFilesChange={(files) => {
          form.setFieldValue('images', files);
          form.validateField('images');
        }}
        onPreparingChange={onPreparingPhotosChange}
        error={form.errors.images}
      />
    </TicketFormSection>
  );
}
