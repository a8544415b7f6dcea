import { Stack, Text } from '@mantine/core';
import { type ApiProperty, can } from '@mend/shared';
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

export function PropertyDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  const query = useRecord<ApiProperty>('properties', `properties/${id}`, id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const property = query.data;
  const owner = { landlordId: property.landlord_id };
  // SPEC.md section 6: buttons only when role < 2 (a manager for its own landlord's).
  const canEdit = can(actor, 'property.update', owner);
  const canDelete = can(actor, 'property.delete', owner);
  const showLandlord = can(actor, 'property.viewLandlord');
  const linkUnits = can(actor, 'property.linkUnits');
  const place = [property.city, property.province].filter(Boolean).join(', ');

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader name={property.name} avatar={property.avatar} square subtitle={place || undefined} />
        <DetailSection title={F.description}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {property.description || t.screens.empty}
          </Text>
        </DetailSection>
        <DetailSection title={F.location}>
          <DetailFields>
            <DetailField label={F.address}>{property.address}</DetailField>
            <DetailField label={F.city}>{property.city}</DetailField>
            <DetailField label={F.province}>{property.province}</DetailField>
            <DetailField label={F.country}>{property.country}</DetailField>
            <DetailField label={F.postalCode}>{property.postal_code}</DetailField>
            <DetailField label={F.timeZone}>{property.time_zone}</DetailField>
            {showLandlord ? (
              <DetailField label={F.landlord}>
                {property.landlord ? (
                  <RecordLink to={`/landlords/${property.landlord.id}`}>{property.landlord.name}</RecordLink>
                ) : null}
              </DetailField>
            ) : null}
            <DetailField label={F.created}>{formatDate(property.created_at_timestamp)}</DetailField>
          </DetailFields>
          <MapLink url={property.gmaps_url} />
        </DetailSection>
        <DetailSection title={F.units}>
          <LinkList
            label={F.units}
            items={(property.units ?? []).map((unit) => ({
              id: unit.id,
              label: unit.name,
              to: linkUnits ? `/units/${unit.id}` : undefined,
            }))}
          />
        </DetailSection>
        <DetailSection title={F.users}>
          <LinkList
            label={F.users}
            items={(property.users ?? []).map((user) => ({
              id: user.id,
              label: user.name,
              aside: user.role_name,
            }))}
          />
        </DetailSection>
      </Stack>
      <DetailActions
        onEdit={canEdit ? () => panel.go({ mode: 'edit', id: property.id }) : null}
        deleting={deleting}
        onDelete={
          canDelete
            ? () =>
                remove({
                  path: property.path || `properties/${property.id}`,
                  entity: t.screens.entities.property.word,
                  name: property.name,
                  resource: 'properties',
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
