/**
 * Categories (SPEC.md sections 2, 3, 6): Title and Created columns, searchable by title and
 * description; "Create Category" for the super admin only. The details list the attributes
 * (label, format, value); the form edits them as rows.
 */
import { Stack, Text } from '@mantine/core';
import { type ApiCategory, can, format, LIST_SORTS } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, formatDate } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import type { ListCardContent } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { CategoryDetails } from './CategoryDetails';
import { CategoryFormPanel } from './CategoryForm';

const E = t.screens.entities.category;
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
  {
    id: 'created_at',
    header: F.created,
    size: 180,
    cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
  },
];

const card = (category: ApiCategory): ListCardContent => ({
  title: category.title,
  lines: [category.description],
  meta: [formatDate(category.created_at_timestamp)],
});

export default function CategoriesPage() {
  const actor = useActor();
  return (
    <ListPage<ApiCategory>
      base="/categories"
      title={t.nav.categories}
      createLabel={t.titles.createCategory}
      canCreate={can(actor, 'category.create')}
      canEdit={can(actor, 'category.update')}
      table={{
        resource: 'categories',
        url: 'categories',
        columns,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: LIST_SORTS.categories,
        label: E.many,
        loadingText: t.loadingTexts.categories,
        emptyText: format(t.emptyTexts.generic, { entity: E.words }),
        searchPlaceholder: format(t.screens.searchPlaceholder, { entity: E.words }),
        rowName: (category) => category.title,
        card,
      }}
      panelTitles={{
        view: format(t.screens.detailsTitle, { entity: E.one }),
        create: t.titles.createCategory,
        edit: format(t.screens.editTitle, { entity: E.one }),
      }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          <CategoryDetails id={state.id} panel={panel} />
        ) : (
          <CategoryFormPanel
            key={`${state.mode}-${state.id}`}
            id={state.mode === 'edit' ? state.id : null}
            panel={panel}
          />
        )
      }
    />
  );
}
