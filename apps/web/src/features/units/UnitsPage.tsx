/**
 * Units (SPEC.md sections 2, 3, 6): a searchable list with details, create and edit in the side
 * panel. Create, edit and delete for roles 0 and 1 (a manager within its landlord); the property
 * is hidden for roles 2 and 3 (a contractor sees this list as its "Tenant List").
 */
import { Text } from '@mantine/core';
import { type ApiUnit, can, worksOnProperties } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { formatDate } from '../../components/details';
import { RecordScreen } from '../../components/records/RecordScreen';
import { createdColumn } from '../../components/table/columns';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { NameCell } from '../../components/table/NameCell';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { unitKind } from './kind';
import { UnitDetails } from './UnitDetails';
import { UnitFormPanel } from './UnitForm';

export default function UnitsPage() {
  const actor = useActor();
  const showProperty = can(actor, 'unit.viewProperty');

  const columns = useMemo<ColumnDef<ApiUnit, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t.screens.fields.name,
        cell: ({ row }) => (
          <NameCell avatar={row.original.avatar} name={row.original.name} subtitle={row.original.address} />
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
      createdColumn<ApiUnit>(),
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
    <RecordScreen<ApiUnit>
      kind={unitKind}
      title={worksOnProperties(actor.role) ? t.nav.tenantList : t.nav.units}
      canCreate={can(actor, 'unit.create')}
      canEdit={can(actor, 'unit.update')}
      list={{
        columns,
        card,
        rowName: (unit) => unit.name,
        loadingText: format(t.loadingTexts.generic, { entity: unitKind.entity.many }),
        emptyText: t.emptyTexts.units,
        exportable: true,
      }}
      details={(id, panel) => <UnitDetails id={id} panel={panel} />}
      form={(id, panel) => <UnitFormPanel id={id} panel={panel} />}
    />
  );
}
