/**
 * "Service targets" of the landlord form (issue 26): per priority, the hours to a response and to a resolution, as
 * whole numbers (like the hours to answer an assignment). Each priority is a fieldset of two inputs, one under the
 * other on a phone (every record form is one column there) and side by side from `xs` up. The order rule (a response no
 * longer than its resolution) is the shared schema's, on the response field: a change of either field checks it.
 */
import { Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TARGET_HOURS_MAX, type TargetField } from '@mend/shared';
import { t } from '../../lib/translations';
import { responseFieldOf, TARGET_ROWS } from './targets';

const F = t.screens.fields;

type TargetFormValues = Record<TargetField, string>;

export function TargetFields<Values extends TargetFormValues>({ form }: { form: UseFormReturnType<Values> }) {
  const targetForm = form as unknown as UseFormReturnType<TargetFormValues>;

  /** The field's input, which also checks the response field of its priority (the order rule's place). */
  function inputProps(name: TargetField) {
    const props = targetForm.getInputProps(name);
    const response = responseFieldOf(name);
    if (response === name) return props;
    return {
      ...props,
      onChange: (event: unknown) => {
        props.onChange(event);
        if (targetForm.errors[response]) targetForm.validateField(response);
      },
      onBlur: (event: unknown) => {
        props.onBlur?.(event);
        if (targetForm.values[response] !== '') targetForm.validateField(response);
      },
    };
  }

  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }} data-targets>
      <Text size="sm" fw={600} component="legend" style={{ float: 'left', padding: 0 }}>
        {F.targets}
      </Text>
      <Stack gap="sm" style={{ clear: 'both' }}>
        <Text size="xs" c="dimmed">
          {t.screens.hints.targets}
        </Text>
        {TARGET_ROWS.map((row) => (
          <Stack
            key={row.priority}
            component="fieldset"
            gap={6}
            m={0}
            p={0}
            style={{ border: 0, minWidth: 0 }}
            data-target-priority={row.priority}
          >
            <Text size="sm" fw={500} component="legend" p={0} mb={4}>
              {row.label}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {row.fields.map((field) => (
                <TextInput
                  key={field.name}
                  label={field.label}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={String(TARGET_HOURS_MAX).length}
                  name={field.name}
                  {...inputProps(field.name)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
