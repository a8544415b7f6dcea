/**
 * Landlords (SPEC.md sections 2, 3, 6). The super admin gets the list with its side panel
 * (create, edit, delete). A manager (role 1) gets "Landlord Settings": its own landlord's page,
 * which it may edit but not create or delete.
 */
import { Text } from '@mantine/core';
import { type ApiLandlordListRow, can } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '../../components/details';
import { RecordScreen } from '../../components/records/RecordScreen';
import { createdColumn } from '../../components/table/columns';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { NameCell } from '../../components/table/NameCell';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { landlordKind } from './kind';
import { LandlordDetails } from './LandlordDetails';
import { LandlordFormPanel } from './LandlordForm';
import { LandlordSettings } from './LandlordSettings';

const F = t.screens.fields;

const columns: ColumnDef<ApiLandlordListRow, unknown>[] = [
  {
    id: 'name',
    header: F.name,
    cell: ({ row }) => <NameCell avatar={row.original.avatar} name={row.original.name} />,
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
  createdColumn<ApiLandlordListRow>(),
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
    <RecordScreen<ApiLandlordListRow>
      kind={landlordKind}
      title={t.nav.landlords}
      canCreate={can(actor, 'landlord.create')}
      canEdit={can(actor, 'landlord.update')}
      list={{
        columns,
        card,
        rowName: (landlord) => landlord.name,
        loadingText: t.loadingTexts.landlords,
        emptyText: t.emptyTexts.landlords,
      }}
      details={(id, panel) => <LandlordDetails id={id} panel={panel} />}
      form={(id, panel) => <LandlordFormPanel id={id} panel={panel} />}
    />
  );
}
