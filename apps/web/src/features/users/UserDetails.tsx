import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  type ApiUserRecord,
  belongsToLandlord,
  can,
  hasUnit,
  type UserType,
  worksOnProperties,
} from '@mend/shared';
import { IconCheck, IconCopy, IconKey, IconLink } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { DetailActions } from '../../components/DetailActions';
import {
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkList,
  PanelError,
  PanelStatus,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';
import { activationUrl, displayName, entityOf, isTemporary } from './user-types';

const F = t.screens.fields;

/** History state left by the create form: the generated password, shown once. */
export interface CreatedUserState {
  createdUserId: number;
  generatedPassword: string;
}

function readCreatedState(state: unknown, id: number): string | null {
  const value = state as Partial<CreatedUserState> | null;
  return value?.createdUserId === id && typeof value.generatedPassword === 'string'
    ? value.generatedPassword
    : null;
}

function CopyValue({ value }: { value: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t.screens.copied : t.screens.copyLink} withArrow zIndex={400}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t.screens.copyLink}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function UserDetails({ type, id, panel }: { type: UserType; id: number; panel: PanelControls }) {
  const actor = useActor();
  const location = useLocation();
  const query = useRecord<ApiUserRecord>(type, `${type}/${id}`, id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const user = query.data;
  const name = displayName(user);
  const subject = { id: user.id, role: user.role, landlordId: user.landlord_id };
  const canEdit = can(actor, 'user.updateRecord', subject) && user.can?.update !== false;
  const canDelete = can(actor, 'user.delete', subject);
  const temporary = isTemporary(user);
  const generatedPassword = readCreatedState(location.state, user.id);
  const linkLandlord = can(actor, 'landlord.viewAll');
  const linkRecords = can(actor, 'user.linkRecords');
  const place = [user.city, user.province, user.country].filter(Boolean).join(', ');

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader
          name={name}
          avatar={user.avatar}
          subtitle={user.company_name && user.company_name !== name ? user.company_name : undefined}
          badges={
            <>
              <Badge variant="light" tt="none" fw={500}>
                {user.role_name}
              </Badge>
              {temporary ? (
                <Badge variant="light" color="orange" tt="none" fw={500}>
                  {t.screens.temporaryAccount}
                </Badge>
              ) : null}
            </>
          }
        />
        {temporary && user.username ? (
          <Alert
            variant="light"
            color="orange"
            radius="md"
            icon={<IconLink size={18} aria-hidden />}
            title={t.screens.activationLink}
          >
            <Stack gap={6}>
              <Text size="sm">{t.screens.activationHint}</Text>
              <Group gap={4} wrap="nowrap">
                <Code style={{ overflowWrap: 'anywhere' }}>{activationUrl(user.username)}</Code>
                <CopyValue value={activationUrl(user.username)} />
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {generatedPassword ? (
          <Alert
            variant="light"
            color="blue"
            radius="md"
            icon={<IconKey size={18} aria-hidden />}
            title={t.screens.generatedPasswordTitle}
          >
            <Stack gap={6}>
              <Text size="sm">{t.screens.generatedPassword}</Text>
              <Group gap={4}>
                <Code fz="sm">{generatedPassword}</Code>
                <CopyValue value={generatedPassword} />
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <DetailSection title={F.contact}>
          <DetailFields>
            <DetailField label={F.email}>
              {temporary ? null : (
                <Anchor href={`mailto:${user.email}`} size="sm">
                  {user.email}
                </Anchor>
              )}
            </DetailField>
            {user.username ? <DetailField label={F.username}>{user.username}</DetailField> : null}
            <DetailField label={F.phoneNumber}>
              {user.phone_number ? (
                <Anchor href={`tel:${user.phone_number.replace(/[^\d+]/g, '')}`} size="sm">
                  {user.phone_number}
                </Anchor>
              ) : null}
            </DetailField>
            <DetailField label={F.address}>
              {[user.address_1, user.address_2].filter(Boolean).join('\n')}
            </DetailField>
            <DetailField label={F.city}>{place}</DetailField>
            <DetailField label={F.postal}>{user.postal}</DetailField>
          </DetailFields>
        </DetailSection>
        <DetailSection>
          <DetailFields>
            {belongsToLandlord(user.role) ? (
              <DetailField label={F.landlord}>
                {user.landlord && linkLandlord ? (
                  <RecordLink to={`/landlords/${user.landlord.id}`}>{user.landlord.name}</RecordLink>
                ) : (
                  user.landlord?.name
                )}
              </DetailField>
            ) : null}
            {hasUnit(user.role) ? (
              <DetailField label={F.unit}>
                {user.units?.[0] && linkRecords ? (
                  <RecordLink to={`/units/${user.units[0].id}`}>{user.units[0].name}</RecordLink>
                ) : (
                  user.units?.[0]?.name
                )}
              </DetailField>
            ) : null}
            <DetailField label={F.created}>{formatDate(user.created_at_timestamp)}</DetailField>
          </DetailFields>
        </DetailSection>
        {worksOnProperties(user.role) ? (
          <>
            <DetailSection title={F.properties}>
              <LinkList
                label={F.properties}
                items={(user.properties ?? []).map((property) => ({
                  id: property.id,
                  label: property.name,
                  to: linkRecords ? `/properties/${property.id}` : undefined,
                }))}
              />
            </DetailSection>
            <DetailSection title={F.categories}>
              {(user.categories ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.screens.none}
                </Text>
              ) : (
                <Group gap={6}>
                  {user.categories.map((category) => (
                    <Badge key={category.id} variant="light" tt="none" fw={500}>
                      {category.title}
                    </Badge>
                  ))}
                </Group>
              )}
            </DetailSection>
          </>
        ) : null}
      </Stack>
      <DetailActions
        onEdit={canEdit ? () => panel.go({ mode: 'edit', id: user.id }) : null}
        deleting={deleting}
        onDelete={
          canDelete
            ? () =>
                remove({
                  path: `${type}/${user.id}`,
                  entity: entityOf(type).word,
                  name,
                  resource: type,
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
