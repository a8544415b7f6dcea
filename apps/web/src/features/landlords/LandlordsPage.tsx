/**
 * Landlords (SPEC.md sections 2, 3, 6). The super admin gets the list with its side panel
 * (create, edit, delete). A manager (role 1) gets "Landlord Settings": its own landlord's page,
 * which it may edit but not create or delete.
 */
import { Avatar, Group, Text } from '@mantine/core';
import { type ApiLandlordListRow, can, format, LIST_SORTS } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, formatDate } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { LandlordDetails } from './LandlordDetails';
import { LandlordFormPanel } from './LandlordForm';
import { LandlordSettings } from './LandlordSettings';

const E = t.screens.entities.landlord;
const F = t.screens.fields;

const columns: ColumnDef<ApiLandlordListRow, unknown>[] = [
  {
    id: 'name',
    header: F.name,
    cell: ({ row }) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar
          src={row.original.avatar}
          name={row.original.name}
          color="initials"
          radius="md"
          size={36}
          alt=""
        />
        <Text size="sm" fw={600} truncate="end">
          {row.original.name}
        </Text>
      </Group>
    ),
  },
  {
    id: 'properties',
    header: F.properties,
    enableSorting: false,
    cell: ({ row }) => <Text size="sm">{row.original.property_count}</Text>,
  },
  {
    id: 'users',
    header: F.users,
    enableSorting: false,
    cell: ({ row }) => <Text size="sm">{row.original.user_count}</Text>,
  },
  {
    id: 'created_at',
    header: F.created,
    cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
  },
];

const card = (landlord: ApiLandlordListRow): ListCardContent => ({
  leading: <CardAvatar src={landlord.avatar} name={landlord.name} />,
  title: landlord.name,
  meta: [
    labelled(F.properties, landlord.property_count),
    labelled(F.users, landlord.user_count),
    formatDate(landlord.created_at_timestamp),
  ],
});

export default function LandlordsPage() {
  const actor = useActor();
  if (can(actor, 'landlord.settingsLink')) return <LandlordSettings />;

  return (
    <ListPage<ApiLandlordListRow>
      base="/landlords"
      title={t.nav.landlords}
      createLabel={format(t.screens.createEntity, { entity: E.one })}
      canCreate={can(actor, 'landlord.create')}
      canEdit={can(actor, 'landlord.update')}
      table={{
        resource: 'landlords',
        url: 'landlords',
        columns,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: LIST_SORTS.landlords,
        label: E.many,
        loadingText: t.loadingTexts.landlords,
        emptyText: t.emptyTexts.landlords,
        searchPlaceholder: format(t.screens.searchPlaceholder, { entity: E.words }),
        rowName: (landlord) => landlord.name,
        card,
      }}
      panelTitles={{
        view: t.titles.landlordDetails,
        create: t.titles.createLandlord,
        edit: t.titles.editLandlord,
      }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          <LandlordDetails id={state.id} panel={panel} />
        ) : (
          <LandlordFormPanel
            key={`${state.mode}-${state.id}`}
            id={state.mode === 'edit' ? state.id : null}
            panel={panel}
          />
        )
      }
    />
  );
}
