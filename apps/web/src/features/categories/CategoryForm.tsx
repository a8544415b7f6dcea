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
import {
  type ApiCategory,
  type CategoryAttribute,
  type CategoryValues,
  categorySchema,
  format,
} from '@mend/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PanelError, PanelStatus } from '../../components/details';
import { RecordFormShell } from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';

const F = t.screens.fields;

/** An attribute's fields, and a stable key for React while rows are added and removed. */
type AttributeRow = FormValues<CategoryAttribute> & { key: string };

type CategoryFormValues = Omit<FormValues<CategoryValues>, 'attributes'> & { attributes: AttributeRow[] };

let rowCounter = 0;
const rowKey = () => `row-${++rowCounter}`;

export function CategoryFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  // The edit form starts from the category (GET categories/5/edit answers the same shape).
  const query = useRecord<ApiCategory>('categories', `categories/${id}/edit`, id);
  if (id !== null && query.isPending) return <PanelStatus loading />;
  if (id !== null && query.isError) return <PanelError error={query.error} />;
  return <CategoryForm category={id !== null ? (query.data ?? null) : null} panel={panel} />;
}

function CategoryForm({ category, panel }: { category: ApiCategory | null; panel: PanelControls }) {
  const creating = category === null;
  const { form, canSubmit } = useRecordForm<CategoryFormValues>({
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
    stored: !creating,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'categories' });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'categories' : `categories/${category.id}`,
      body: {
        title: values.title,
        description: values.description,
        attributes: values.attributes.map(({ label, format: kind, value }) => ({
          label,
          format: kind,
          value,
        })),
      },
      toast: { title: creating ? t.toasts.created : t.toasts.updated },
    });
    if (!result?.ok) return;
    const { id } = savedRecord(result.data);
    if (id !== null) panel.saved(id);
    else panel.deleted();
  });

  return (
    <RecordFormShell
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={creating ? t.buttonErrors.createCategory : t.buttonErrors.updateCategory}
      onCancel={panel.cancel}
    >
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
