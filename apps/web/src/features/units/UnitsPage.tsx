/**
 * Units (SPEC.md sections 2, 3, 6): a searchable list with details, create and edit in the side
 * panel. Create, edit and delete for roles 0 and 1 (a manager within its landlord); the property
 * is hidden for roles 2 and 3 (a contractor sees this list as its "Tenant List").
 */
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { type ApiUnit, can, format, LIST_SORTS, worksOnProperties } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { DateCell, formatDate } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { UnitDetails } from './UnitDetails';
import { UnitFormPanel } from './UnitForm';

const E = t.screens.entities.unit;

export default function UnitsPage() {
  const actor = useActor();
  const showProperty = can(actor, 'unit.viewProperty');

  const columns = useMemo<ColumnDef<ApiUnit, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t.screens.fields.name,
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
      ...(showProperty
        ? [
            {
              id: 'property',
              header: t.screens.fields.property,
              enableSorting: false,
              cell: ({ row }) => <Text size="sm">{row.original.property?.name ?? t.screens.empty}</Text>,
            } satisfies ColumnDef<ApiUnit, unknown>,
          ]
        : []),
      {
        id: 'tenant',
        header: t.screens.fields.tenant,
        enableSorting: false,
        cell: ({ row }) => {
          const tenant = row.original.tenant;
          return tenant ? (
            <Text size="sm">{tenant.company_name || tenant.name}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t.screens.none}
            </Text>
          );
        },
      },
      {
        id: 'created_at',
        header: t.screens.fields.created,
        cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
      },
    ],
    [showProperty],
  );

  const card = useCallback(
    (unit: ApiUnit): ListCardContent => ({
      leading: <CardAvatar src={unit.avatar} name={unit.name} />,
      title: unit.name,
      lines: [unit.address],
      meta: [
        showProperty ? unit.property?.name : null,
        labelled(
          t.screens.fields.tenant,
          unit.tenant ? unit.tenant.company_name || unit.tenant.name : t.screens.none,
        ),
        formatDate(unit.created_at_timestamp),
      ],
    }),
    [showProperty],
  );

  return (
    <ListPage<ApiUnit>
      base="/units"
      title={worksOnProperties(actor.role) ? t.nav.tenantList : t.nav.units}
      createLabel={format(t.screens.createEntity, { entity: E.one })}
      canCreate={can(actor, 'unit.create')}
      canEdit={can(actor, 'unit.update')}
      table={{
        resource: 'units',
        url: 'units',
        columns,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: LIST_SORTS.units,
        label: E.many,
        loadingText: format(t.loadingTexts.generic, { entity: E.many }),
        emptyText: t.emptyTexts.units,
        searchPlaceholder: format(t.screens.searchPlaceholder, { entity: E.words }),
        rowName: (unit) => unit.name,
        card,
      }}
      panelTitles={{
        view: format(t.screens.detailsTitle, { entity: E.one }),
        create: format(t.screens.createTitle, { entity: E.one }),
        edit: format(t.screens.editTitle, { entity: E.one }),
      }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          <UnitDetails id={state.id} panel={panel} />
        ) : (
          <UnitFormPanel
            key={`${state.mode}-${state.id}`}
            id={state.mode === 'edit' ? state.id : null}
            panel={panel}
          />
        )
      }
    />
  );
}
