import { type ApiProperty, can } from '@mend/shared';
import {
  DescriptionSection,
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkSection,
  MapLink,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordDetails } from '../../components/records/RecordDetails';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { propertyKind } from './kind';

const F = t.screens.fields;

export function PropertyDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  const showLandlord = can(actor, 'property.viewLandlord');
  const linkUnits = can(actor, 'property.linkUnits');
  // SPEC.md section 6: buttons only when role < 2 (a manager for its own landlord's).
  const owner = (property: ApiProperty) => ({ landlordId: property.landlord_id });

  return (
    <RecordDetails<ApiProperty>
      kind={propertyKind}
      id={id}
      panel={panel}
      name={(property) => property.name}
      canEdit={(property) => can(actor, 'property.update', owner(property))}
      canDelete={(property) => can(actor, 'property.delete', owner(property))}
    >
      {(property) => (
        <>
          <DetailHeader
            name={property.name}
            avatar={property.avatar}
            square
            subtitle={[property.city, property.province].filter(Boolean).join(', ') || undefined}
          />
          <DescriptionSection text={property.description} />
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
                    <RecordLink to={`/landlords/${property.landlord.id}`}>
                      {property.landlord.name}
                    </RecordLink>
                  ) : null}
                </DetailField>
              ) : null}
              <DetailField label={F.created}>{formatDate(property.created_at_timestamp)}</DetailField>
            </DetailFields>
            <MapLink url={property.gmaps_url} />
          </DetailSection>
          <LinkSection
            title={F.units}
            items={(property.units ?? []).map((unit) => ({
              id: unit.id,
              label: unit.name,
              to: linkUnits ? `/units/${unit.id}` : undefined,
            }))}
          />
          <LinkSection
            title={F.users}
            items={(property.users ?? []).map((user) => ({
              id: user.id,
              label: user.name,
              aside: user.role_name,
            }))}
          />
        </>
      )}
    </RecordDetails>
  );
}
