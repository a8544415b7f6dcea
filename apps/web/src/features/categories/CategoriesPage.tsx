/**
 * Categories (SPEC.md sections 2, 3, 6): Title and Created columns, searchable by title and
 * description; "Create Category" for the super admin only. The details list the attributes
 * (label, format, value); the form edits them as rows.
 */
import { Stack, Text } from '@mantine/core';
import { type ApiCategory, can } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '../../components/details';
import { RecordScreen } from '../../components/records/RecordScreen';
import { createdColumn } from '../../components/table/columns';
import type { ListCardContent } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { CategoryDetails } from './CategoryDetails';
import { CategoryFormPanel } from './CategoryForm';
import { categoryKind } from './kind';

const F = t.screens.fields;

const columns: ColumnDef<ApiCategory, unknown>[] = [
  {
    id: 'title',
    header: F.title,
    cell: ({ row }) => (
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate="end">
          {row.original.title}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" maw={520}>
          {row.original.description}
        </Text>
      </Stack>
    ),
  },
  createdColumn<ApiCategory>({ size: 180 }),
];

const card = (category: ApiCategory): ListCardContent => ({
  title: category.title,
  lines: [category.description],
  meta: [formatDate(category.created_at_timestamp)],
});

export default function CategoriesPage() {
  const actor = useActor();
  return (
    <RecordScreen<ApiCategory>
      kind={categoryKind}
      title={t.nav.categories}
      createLabel={t.titles.createCategory}
      canCreate={can(actor, 'category.create')}
      canEdit={can(actor, 'category.update')}
      list={{
        columns,
        card,
        rowName: (category) => category.title,
        loadingText: t.loadingTexts.categories,
        emptyText: format(t.emptyTexts.generic, { entity: categoryKind.entity.words }),
      }}
      titles={{ create: t.titles.createCategory }}
      details={(id, panel) => <CategoryDetails id={id} panel={panel} />}
      form={(id, panel) => <CategoryFormPanel id={id} panel={panel} />}
    />
  );
}
