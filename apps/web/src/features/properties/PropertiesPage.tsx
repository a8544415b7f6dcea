/**
 * Properties (SPEC.md sections 2, 3, 6): list with details, create and edit in the side panel.
 * Role 0 manages every property and picks its landlord; role 1 manages its own landlord's (a new
 * property is fixed to it); roles 2 and 3 only read.
 */
import { Text } from '@mantine/core';
import { type ApiPropertyListRow, can } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { formatDate } from '../../components/details';
import { RecordScreen } from '../../components/records/RecordScreen';
import { createdColumn } from '../../components/table/columns';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { NameCell } from '../../components/table/NameCell';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { propertyKind } from './kind';
import { PropertyDetails } from './PropertyDetails';
import { PropertyFormPanel } from './PropertyForm';

const F = t.screens.fields;

export default function PropertiesPage() {
  const actor = useActor();
  const showLandlord = can(actor, 'property.viewLandlord');

  const columns = useMemo<ColumnDef<ApiPropertyListRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: F.name,
        cell: ({ row }) => (
          <NameCell avatar={row.original.avatar} name={row.original.name} subtitle={row.original.address} />
        ),
      },
      ...(showLandlord
        ? [
            {
              id: 'landlord',
              header: F.landlord,
              enableSorting: false,
              cell: ({ row }) => <Text size="sm">{row.original.landlord?.name ?? t.screens.empty}</Text>,
            } satisfies ColumnDef<ApiPropertyListRow, unknown>,
          ]
        : []),
      {
        id: 'city',
        header: F.city,
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm">
            {[row.original.city, row.original.province].filter(Boolean).join(', ') || t.screens.empty}
          </Text>
        ),
      },
      {
        id: 'units',
        header: F.units,
        enableSorting: false,
        cell: ({ row }) => <Text size="sm">{row.original.unit_count}</Text>,
      },
      createdColumn<ApiPropertyListRow>(),
    ],
    [showLandlord],
  );

  const card = useCallback(
    (property: ApiPropertyListRow): ListCardContent => ({
      leading: <CardAvatar src={property.avatar} name={property.name} />,
      title: property.name,
      lines: [property.address],
      meta: [
        showLandlord ? property.landlord?.name : null,
        [property.city, property.province].filter(Boolean).join(', '),
        labelled(F.units, property.unit_count),
        formatDate(property.created_at_timestamp),
      ],
    }),
    [showLandlord],
  );

  return (
    <RecordScreen<ApiPropertyListRow>
      kind={propertyKind}
      title={t.nav.properties}
      // SPEC.md section 6: property buttons only when role < 2.
      canCreate={can(actor, 'property.create')}
      canEdit={can(actor, 'property.update')}
      list={{
        columns,
        card,
        rowName: (property) => property.name,
        loadingText: t.loadingTexts.properties,
        emptyText: t.emptyTexts.properties,
        exportable: true,
      }}
      details={(id, panel) => <PropertyDetails id={id} panel={panel} />}
      form={(id, panel) => <PropertyFormPanel id={id} panel={panel} />}
    />
  );
}
