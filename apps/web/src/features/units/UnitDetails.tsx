import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { type ApiUnit, can } from '@mend/shared';
import { DetailActions } from '../../components/DetailActions';
import {
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkList,
  MapLink,
  PanelError,
  PanelStatus,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';

const F = t.screens.fields;

export function UnitDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  const query = useRecord<ApiUnit>('units', `units/${id}`, id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const unit = query.data;
  const showProperty = can(actor, 'unit.viewProperty');
  const owner = { landlordId: unit.property?.landlord_id ?? null };
  const canEdit = can(actor, 'unit.update', owner);
  const canDelete = can(actor, 'unit.delete', owner);
  const tenant = unit.tenant;

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader
          name={unit.name}
          avatar={unit.avatar}
          square
          subtitle={showProperty ? unit.property?.name : unit.address}
        />
        <DetailSection title={F.description}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {unit.description || t.screens.empty}
          </Text>
        </DetailSection>
        <DetailSection title={F.location}>
          <DetailFields>
            <DetailField label={F.address}>{unit.address}</DetailField>
            <DetailField label={F.postalCode}>{unit.postal_code}</DetailField>
            {showProperty ? (
              <DetailField label={F.property}>
                {unit.property ? (
                  <RecordLink to={`/properties/${unit.property.id}`}>{unit.property.name}</RecordLink>
                ) : null}
              </DetailField>
            ) : null}
            <DetailField label={F.created}>{formatDate(unit.created_at_timestamp)}</DetailField>
          </DetailFields>
          <MapLink url={unit.gmaps_url} />
        </DetailSection>
        <DetailSection title={F.tenant}>
          {tenant ? (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar
                src={tenant.avatar}
                name={tenant.company_name || tenant.name}
                color="initials"
                radius="xl"
                alt=""
              />
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600}>
                  {tenant.company_name || tenant.name}
                </Text>
                {tenant.company_name && tenant.name !== tenant.company_name ? (
                  <Text size="sm" c="dimmed">
                    {tenant.name}
                  </Text>
                ) : null}
                {tenant.email ? (
                  <Anchor href={`mailto:${tenant.email}`} size="sm">
                    {tenant.email}
                  </Anchor>
                ) : null}
                {tenant.phone_number ? (
                  <Anchor href={`tel:${tenant.phone_number.replace(/[^\d+]/g, '')}`} size="sm">
                    {tenant.phone_number}
                  </Anchor>
                ) : null}
              </Stack>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t.screens.none}
            </Text>
          )}
        </DetailSection>
        {unit.categories && unit.categories.length > 0 ? (
          <DetailSection title={F.categories}>
            <Group gap={6}>
              {unit.categories.map((category) => (
                <Badge key={category.id} variant="light" tt="none" fw={500}>
                  {category.title}
                </Badge>
              ))}
            </Group>
          </DetailSection>
        ) : null}
        <DetailSection title={F.tickets}>
          <LinkList
            label={F.tickets}
            items={(unit.tickets ?? []).map((ticket) => ({
              id: ticket.id,
              label: ticket.title,
              to: `/tickets/${ticket.id}`,
              aside: ticket.status_text,
            }))}
          />
        </DetailSection>
      </Stack>
      <DetailActions
        onEdit={canEdit ? () => panel.go({ mode: 'edit', id: unit.id }) : null}
        deleting={deleting}
        onDelete={
          canDelete
            ? () =>
                remove({
                  path: unit.path || `units/${unit.id}`,
                  entity: t.screens.entities.unit.word,
                  name: unit.name,
                  resource: 'units',
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
