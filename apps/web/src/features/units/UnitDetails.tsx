import { Avatar, Group, Stack, Text } from '@mantine/core';
import { type ApiUnit, can, statusText } from '@mend/shared';
import {
  CategoryBadges,
  DescriptionSection,
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkSection,
  MapLink,
  NoneText,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { EmailLink, PhoneLink } from '../../components/ReachLinks';
import { RecordDetails } from '../../components/records/RecordDetails';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { unitKind } from './kind';

const F = t.screens.fields;

/** The unit's tenant: its name (or company), email and phone as links, or "None". */
function TenantContact({ tenant }: { tenant: ApiUnit['tenant'] }) {
  return tenant ? (
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
        <EmailLink email={tenant.email} />
        <PhoneLink phone={tenant.phone_number} />
      </Stack>
    </Group>
  ) : (
    <NoneText />
  );
}

export function UnitDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  const showProperty = can(actor, 'unit.viewProperty');
  const owner = (unit: ApiUnit) => ({ landlordId: unit.property?.landlord_id ?? null });

  return (
    <RecordDetails<ApiUnit>
      kind={unitKind}
      id={id}
      panel={panel}
      name={(unit) => unit.name}
      canEdit={(unit) => can(actor, 'unit.update', owner(unit))}
      canDelete={(unit) => can(actor, 'unit.delete', owner(unit))}
    >
      {(unit) => (
        <>
          <DetailHeader
            name={unit.name}
            avatar={unit.avatar}
            square
            subtitle={showProperty ? unit.property?.name : unit.address}
          />
          <DescriptionSection text={unit.description} />
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
            <TenantContact tenant={unit.tenant} />
          </DetailSection>
          {unit.categories && unit.categories.length > 0 ? (
            <DetailSection title={F.categories}>
              <CategoryBadges categories={unit.categories} />
            </DetailSection>
          ) : null}
          <LinkSection
            title={F.tickets}
            items={(unit.tickets ?? []).map((ticket) => ({
              id: ticket.id,
              label: ticket.title,
              to: `/tickets/${ticket.id}`,
              aside: statusText(ticket.status, t),
            }))}
          />
        </>
      )}
    </RecordDetails>
  );
}
