/**
 * Users, tenants and contractors (SPEC.md sections 2, 3, 6): one screen for the three lists. The
 * Role column shows for role 0 only; tenants show their unit, contractors their categories.
 * Create for roles 0 and 1; Batch Create for the super admin.
 */
import { Badge, Button, Text } from '@mantine/core';
import { type ApiUserRecord, can, type UserType } from '@mend/shared';
import { IconFileImport } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../components/details';
import { RecordScreen } from '../../components/records/RecordScreen';
import { createdColumn } from '../../components/table/columns';
import { CardAvatar, type ListCardContent, labelled } from '../../components/table/ListCard';
import { NameCell } from '../../components/table/NameCell';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { userKind } from './kind';
import { UserDetails } from './UserDetails';
import { UserFormPanel } from './UserForm';
import { displayName, isTemporary, listTitle } from './user-types';

const F = t.screens.fields;

export default function UsersPage({ type }: { type: UserType }) {
  const actor = useActor();
  const kind = userKind(type);
  const showRole = can(actor, 'user.viewRoleColumn');

  const columns = useMemo<ColumnDef<ApiUserRecord, unknown>[]>(() => {
    const list: ColumnDef<ApiUserRecord, unknown>[] = [
      {
        id: 'name',
        header: F.name,
        cell: ({ row }) => {
          const user = row.original;
          return (
            <NameCell
              avatar={user.avatar}
              name={displayName(user)}
              round
              badge={
                isTemporary(user) ? (
                  <Badge size="xs" variant="light" color="orange" tt="none" style={{ flexShrink: 0 }}>
                    {t.screens.temporaryAccount}
                  </Badge>
                ) : null
              }
              subtitle={user.company_name && user.company_name !== user.name ? user.company_name : null}
            />
          );
        },
      },
      {
        id: 'email',
        header: F.email,
        cell: ({ row }) => (
          <Text size="sm" truncate="end" maw={260}>
            {isTemporary(row.original) ? (row.original.username ?? t.screens.empty) : row.original.email}
          </Text>
        ),
      },
    ];
    if (showRole)
      list.push({
        id: 'role',
        header: F.role,
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.original.role_name}
          </Text>
        ),
      });
    if (type === 'tenants')
      list.push({
        id: 'unit',
        header: F.unit,
        enableSorting: false,
        cell: ({ row }) => <Text size="sm">{row.original.units?.[0]?.name ?? t.screens.empty}</Text>,
      });
    else if (type === 'contractors')
      list.push({
        id: 'categories',
        header: F.categories,
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" lineClamp={1}>
            {(row.original.categories ?? []).map((category) => category.title).join(', ') || t.screens.empty}
          </Text>
        ),
      });
    else
      list.push({
        id: 'landlord',
        header: F.landlord,
        enableSorting: false,
        cell: ({ row }) => <Text size="sm">{row.original.landlord?.name ?? t.screens.empty}</Text>,
      });
    list.push(createdColumn<ApiUserRecord>());
    return list;
  }, [showRole, type]);

  // A phone's card: name, email (a temporary account's username), company, then role, unit, categories or
  // landlord as the columns show them, and the creation date.
  const card = useCallback(
    (user: ApiUserRecord): ListCardContent => {
      const name = displayName(user);
      const linked =
        type === 'tenants'
          ? labelled(F.unit, user.units?.[0]?.name ?? t.screens.empty)
          : type === 'contractors'
            ? (user.categories ?? []).map((category) => category.title).join(', ')
            : user.landlord
              ? labelled(F.landlord, user.landlord.name)
              : null;
      return {
        leading: <CardAvatar src={user.avatar} name={name} round />,
        title: name,
        badge: isTemporary(user) ? (
          <Badge component="span" size="xs" variant="light" color="orange" tt="none">
            {t.screens.temporaryAccount}
          </Badge>
        ) : null,
        lines: [
          isTemporary(user) ? (user.username ?? null) : user.email,
          user.company_name && user.company_name !== user.name ? user.company_name : null,
        ],
        meta: [showRole ? user.role_name : null, linked, formatDate(user.created_at_timestamp)],
      };
    },
    [showRole, type],
  );

  const batch =
    type === 'users' && can(actor, 'user.batchCreate') ? (
      <Button
        component={Link}
        to="/users/batch-create"
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
      >
        {t.screens.batch.button}
      </Button>
    ) : undefined;

  return (
    <RecordScreen<ApiUserRecord>
      kind={kind}
      title={listTitle(type)}
      canCreate={can(actor, `${type}.create`)}
      canEdit={can(actor, 'user.update')}
      actions={batch}
      list={{
        columns,
        card,
        rowName: displayName,
        loadingText: format(t.loadingTexts.generic, { entity: kind.entity.many }),
        emptyText: format(t.emptyTexts.userType, { type: kind.entity.word }),
        exportable: true,
      }}
      details={(id, panel) => <UserDetails type={type} id={id} panel={panel} />}
      form={(id, panel) => <UserFormPanel type={type} id={id} panel={panel} />}
    />
  );
}
