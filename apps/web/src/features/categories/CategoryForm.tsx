import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ApiCategory, type CategoryAttribute, type CategoryValues, categorySchema } from '@mend/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormValues } from '../../components/forms/form-values';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordFormPanel } from '../../components/records/RecordFormPanel';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { format, t } from '../../lib/translations';
import { categoryKind } from './kind';

const F = t.screens.fields;

/** An attribute's fields, and a stable key for React while rows are added and removed. */
type AttributeRow = FormValues<CategoryAttribute> & { key: string };

type CategoryFormValues = Omit<FormValues<CategoryValues>, 'attributes'> & { attributes: AttributeRow[] };

let rowCounter = 0;
const rowKey = () => `row-${++rowCounter}`;

export function CategoryFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  // A new category has no choices to load; the edit form starts from the category (categories/5/edit).
  return (
    <RecordFormPanel<ApiCategory> kind={categoryKind} id={id} createOptions={false}>
      {({ record }) => <CategoryForm category={record} panel={panel} />}
    </RecordFormPanel>
  );
}

function CategoryForm({ category, panel }: { category: ApiCategory | null; panel: PanelControls }) {
  const { form, shell } = useRecordEditor<CategoryFormValues>({
    kind: categoryKind,
    record: category,
    panel,
    initialValues: {
      title: category?.title ?? '',
      description: category?.description ?? '',
      attributes: (category?.attributes ?? []).map((attribute) => ({
        key: rowKey(),
        label: attribute.label,
        format: attribute.format,
        value: attribute.value,
      })),
    },
    schema: categorySchema,
    // The rows' keys stay in the browser.
    body: ({ title, description, attributes }) => ({
      title,
      description,
      attributes: attributes.map(({ key: _key, ...attribute }) => attribute),
    }),
    errorLabels: { create: t.buttonErrors.createCategory, update: t.buttonErrors.updateCategory },
  });

  return (
    <RecordFormShell {...shell}>
      <TextInput size="sm" label={F.title} withAsterisk {...form.getInputProps('title')} />
      <Textarea
        label={F.description}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('description')}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {F.attributes}
        </Text>
        {form.values.attributes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.screens.noAttributes}
          </Text>
        ) : null}
        {form.values.attributes.map((row, index) => (
          <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  size="sm"
                  label={F.label}
                  withAsterisk
                  {...form.getInputProps(`attributes.${index}.label`)}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                  <Autocomplete
                    label={F.format}
                    size="sm"
                    data={[...t.screens.attributeFormats]}
                    comboboxProps={{ zIndex: 400 }}
                    {...form.getInputProps(`attributes.${index}.format`)}
                  />
                  <TextInput size="sm" label={F.value} {...form.getInputProps(`attributes.${index}.value`)} />
                </SimpleGrid>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={format(t.screens.removeAttribute, { number: index + 1 })}
                onClick={() => form.removeListItem('attributes', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              form.insertListItem('attributes', { key: rowKey(), label: '', format: '', value: '' })
            }
          >
            {t.screens.addAttribute}
          </Button>
        </Group>
      </Stack>
    </RecordFormShell>
  );
}
