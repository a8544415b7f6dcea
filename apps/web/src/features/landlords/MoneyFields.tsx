/**
 * "Money" of the landlord form (issue 26): its currency, the approval limit in the currency's units ("500.00"), and
 * its owner contacts, a list of rows (name, email, phone, the language of its emails) added and removed here, at most
 * LANDLORD_OWNERS_MAX. Like the service targets, one column on a phone (every record form is one column there) and
 * pairs side by side from `xs` up. What is sent, and how the limit is checked, is money.ts's.
 */
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CURRENCIES, LANDLORD_OWNERS_MAX, LANGUAGE_NAMES, LANGUAGES, MONEY_MAX_CENTS } from '@mend/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { format, t } from '../../lib/translations';
import { amountFromCents, type MoneyFormValues, newOwnerRow, ownersListError } from './money';

const M = t.screens.money;

const CURRENCY_DATA = [...CURRENCIES];
const LANGUAGE_DATA = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export function MoneyFields<Values extends MoneyFormValues>({ form }: { form: UseFormReturnType<Values> }) {
  const moneyForm = form as unknown as UseFormReturnType<MoneyFormValues>;
  const { currency, owners } = moneyForm.values;

  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }} data-money>
      <Text size="sm" fw={600} component="legend" style={{ float: 'left', padding: 0 }}>
        {M.title}
      </Text>
      <Stack gap="sm" style={{ clear: 'both' }}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            // The size of the form's text inputs (the theme's), so the two line up side by side.
            size="md"
            label={M.currency}
            withAsterisk
            data={CURRENCY_DATA}
            allowDeselect={false}
            comboboxProps={{ zIndex: 400 }}
            name="currency"
            {...moneyForm.getInputProps('currency')}
          />
          <TextInput
            label={M.approvalLimit}
            description={M.approvalLimitHint}
            // The hint under the input, so the two inputs line up side by side.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            maxLength={amountFromCents(MONEY_MAX_CENTS).length}
            rightSection={
              <Text size="xs" c="dimmed" aria-hidden>
                {currency}
              </Text>
            }
            rightSectionWidth={48}
            rightSectionPointerEvents="none"
            name="approval_limit_cents"
            {...moneyForm.getInputProps('approval_limit_cents')}
          />
        </SimpleGrid>
        <OwnerRows form={moneyForm} count={owners.length} />
      </Stack>
    </Paper>
  );
}

/** The owner contacts: a row each, the list's own message (too many, a row no input shows), and the add button. */
function OwnerRows({ form, count }: { form: UseFormReturnType<MoneyFormValues>; count: number }) {
  const listError = ownersListError(form.errors);
  return (
    <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0, minWidth: 0 }} data-owners>
      <Text size="sm" fw={500} component="legend" p={0} mb={4}>
        {M.owners}
      </Text>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noOwners}
        </Text>
      ) : null}
      {form.values.owners.map((row, index) => (
        <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0" data-owner-row={index}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label={M.ownerName}
                withAsterisk
                autoComplete="off"
                name={`owners.${index}.name`}
                {...form.getInputProps(`owners.${index}.name`)}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <TextInput
                  type="email"
                  label={M.ownerEmail}
                  withAsterisk
                  autoComplete="off"
                  name={`owners.${index}.email`}
                  {...form.getInputProps(`owners.${index}.email`)}
                />
                <TextInput
                  type="tel"
                  label={M.ownerPhone}
                  autoComplete="off"
                  name={`owners.${index}.phone_number`}
                  {...form.getInputProps(`owners.${index}.phone_number`)}
                />
                <Select
                  // The size of the text inputs beside it (the theme's).
                  size="md"
                  label={M.ownerLanguage}
                  data={LANGUAGE_DATA}
                  allowDeselect={false}
                  comboboxProps={{ zIndex: 400 }}
                  name={`owners.${index}.language`}
                  {...form.getInputProps(`owners.${index}.language`)}
                />
              </SimpleGrid>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={format(M.removeOwner, { number: index + 1 })}
              onClick={() => {
                form.removeListItem('owners', index);
                form.clearFieldError('owners');
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {listError ? (
        <Text size="xs" c="red.9" role="alert" data-owners-error>
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={count >= LANDLORD_OWNERS_MAX}
          onClick={() => {
            form.insertListItem('owners', newOwnerRow());
            form.clearFieldError('owners');
          }}
        >
          {M.addOwner}
        </Button>
      </Group>
    </Stack>
  );
}
