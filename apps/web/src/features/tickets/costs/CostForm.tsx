/**
 * The contractor's estimate or invoice (issue 26; `costs.can_submit`): its lines (kind, description, amount typed in
 * the currency's units and sent as exact whole cents: landlords/money.ts), the tax, the live subtotal and total, a note
 * and one attached PDF or image. Checked with the shared costSchema on the body as sent (cost-rules.ts) and sent through
 * the one submit hook (multipart POST tickets/{id}/estimates or …/invoices): the server's field errors land on their
 * fields (`lines.0.amount_cents` on the first line's amount, `tax_cents`, `attachment`), the ones no input holds
 * (`currency`, `total_cents`, the list itself) under the total.
 */
import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ApiTicketAssignmentResponse,
  COST_LINE_KINDS,
  COST_LINES_MAX,
  MAX_LONG_TEXT_LENGTH,
} from '@mend/shared';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { format, t } from '../../../lib/translations';
import { applyCostAnswer } from './cost-data';
import {
  type CostFormValues,
  type CostKind,
  costBody,
  costFormSchema,
  costTotals,
  emptyCostForm,
  newCostLine,
  submitPath,
  totalText,
} from './cost-rules';
import classes from './costs.module.css';

const C = t.costScreens;

/** The errors no input shows: the currency, the total, the list of lines as a whole. */
function listErrors(errors: Record<string, unknown>): string[] {
  const messages: string[] = [];
  for (const key of ['currency', 'total_cents', 'lines', 'subtotal_cents']) {
    const message = errors[key];
    if (typeof message === 'string' && message && !messages.includes(message)) messages.push(message);
  }
  return messages;
}

export function CostForm({
  ticketId,
  kind,
  currency,
  onDone,
  onCancel,
}: {
  ticketId: number;
  kind: CostKind;
  currency: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const label = kind === 'estimate' ? C.sendEstimate : C.sendInvoice;
  const { form, submit, submission } = useSubmittingForm<CostFormValues>({
    initialValues: emptyCostForm(currency),
    schema: costFormSchema,
    writes: null,
  });
  const totals = costTotals(form.values);
  const lines = form.values.lines;
  const moreErrors = listErrors(form.errors);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<ApiTicketAssignmentResponse>({
      method: 'POST',
      url: submitPath(ticketId, kind),
      body: costBody(values),
      toast: { title: t.toasts.ticketUpdated },
    });
    if (!result?.ok) return;
    await applyCostAnswer(queryClient, ticketId, result.data);
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} data-cost-form={kind}>
      <Stack gap="sm">
        <Title order={5}>{label}</Title>
        {lines.map((line, index) => (
          <fieldset
            key={line.key}
            className={classes.lineRow}
            aria-label={format(C.line, { number: index + 1 })}
          >
            <NativeSelect
              label={C.lineKind}
              data={COST_LINE_KINDS.map((value) => ({ value, label: t.costs.lineKinds[value] }))}
              {...form.getInputProps(`lines.${index}.kind`)}
            />
            <TextInput
              label={format(C.amount, { currency })}
              inputMode="decimal"
              autoComplete="off"
              withAsterisk
              name={`lines.${index}.amount_cents`}
              {...form.getInputProps(`lines.${index}.amount_cents`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={format(C.removeLine, { number: index + 1 })}
              disabled={lines.length <= 1}
              onClick={() => form.removeListItem('lines', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
            <TextInput
              className={classes.lineDescription}
              label={C.lineDescription}
              withAsterisk
              name={`lines.${index}.description`}
              {...form.getInputProps(`lines.${index}.description`)}
            />
          </fieldset>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={lines.length >= COST_LINES_MAX}
            onClick={() => form.insertListItem('lines', newCostLine())}
          >
            {C.addLine}
          </Button>
        </Group>
        <TextInput
          label={format(C.taxAmount, { currency })}
          inputMode="decimal"
          autoComplete="off"
          name="tax_cents"
          {...form.getInputProps('tax_cents')}
        />
        <dl className={classes.sums} aria-live="polite">
          <dt>{C.subtotal}</dt>
          <dd>{totalText(totals.subtotal, currency)}</dd>
          <dt data-total>{C.total}</dt>
          <dd data-total data-cost-form-total>
            {totalText(totals.total, currency)}
          </dd>
        </dl>
        {moreErrors.length > 0 ? (
          <Text size="sm" c="red.9" role="alert" data-cost-form-error>
            {moreErrors.join(', ')}
          </Text>
        ) : null}
        <Textarea
          label={C.note}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_LONG_TEXT_LENGTH}
          name="note"
          {...form.getInputProps('note')}
        />
        <FileInput
          label={C.attachmentLabel}
          placeholder={C.attachmentPlaceholder}
          accept="application/pdf,image/jpeg,image/png,image/gif,image/webp"
          leftSection={<IconPaperclip size={16} aria-hidden />}
          clearable
          name="attachment"
          {...form.getInputProps('attachment')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {t.buttons.cancel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={label}
            errorLabel={t.buttonErrors.send}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
