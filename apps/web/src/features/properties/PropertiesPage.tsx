/**
 * Properties (SPEC.md sections 2, 3, 6): list with details, create and edit in the side panel.
 * Role 0 manages every property and picks its landlord; role 1 manages its own landlord's (a new
 * property is fixed to it); roles 2 and 3 only read.
 */
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { type ApiPropertyListRow, can, format, LIST_SORTS } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { DateCell, formatDate } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { PropertyDetails } from './PropertyDetails';
import { PropertyFormPanel } from './PropertyForm';

const E = t.screens.entities.property;
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
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={row.original.avatar}
              name={row.original.name}
              color="initials"
              radius="md"
              size={36}
              alt=""
            />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate="end">
                {row.original.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {row.original.address}
              </Text>
            </Stack>
          </Group>
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
      {
        id: 'created_at',
        header: F.created,
        cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
      },
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
    <ListPage<ApiPropertyListRow>
      base="/properties"
      title={t.nav.properties}
      createLabel={format(t.screens.createEntity, { entity: E.one })}
      // SPEC.md section 6: property buttons only when role < 2.
      canCreate={can(actor, 'property.create')}
      canEdit={can(actor, 'property.update')}
      table={{
        resource: 'properties',
        url: 'properties',
        columns,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: LIST_SORTS.properties,
        label: E.many,
        loadingText: t.loadingTexts.properties,
        emptyText: t.emptyTexts.properties,
        searchPlaceholder: format(t.screens.searchPlaceholder, { entity: E.words }),
        rowName: (property) => property.name,
        card,
      }}
      panelTitles={{
        view: t.titles.propertyDetails,
        create: t.titles.createProperty,
        edit: t.titles.editProperty,
      }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          <PropertyDetails id={state.id} panel={panel} />
        ) : (
          <PropertyFormPanel
            key={`${state.mode}-${state.id}`}
            id={state.mode === 'edit' ? state.id : null}
            panel={panel}
          />
        )
      }
    />
  );
}
