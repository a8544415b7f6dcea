import { type ApiLandlord, can } from '@mend/shared';
import {
  DescriptionSection,
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkSection,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordDetails } from '../../components/records/RecordDetails';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { landlordKind } from './kind';
import { MoneySection } from './MoneySection';
import { memberLabel } from './members';
import { TargetsSection } from './TargetsSection';

const F = t.screens.fields;

export function LandlordDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  // A user links to its record on the Users screen, for those who may open it.
  const linkUsers = can(actor, 'users.list');

  return (
    <RecordDetails<ApiLandlord>
      kind={landlordKind}
      id={id}
      panel={panel}
      name={(landlord) => landlord.name}
      canEdit={(landlord) => can(actor, 'landlord.update', { id: landlord.id })}
      canDelete={() => can(actor, 'landlord.delete')}
    >
      {(landlord) => (
        <>
          <DetailHeader name={landlord.name} avatar={landlord.avatar} square />
          <DescriptionSection text={landlord.description} />
          <DetailSection>
            <DetailFields>
              <DetailField label={F.created}>{formatDate(landlord.created_at_timestamp)}</DetailField>
              <DetailField label={F.assignmentResponseHours}>
                {landlord.assignment_response_hours}
              </DetailField>
            </DetailFields>
          </DetailSection>
          <TargetsSection landlord={landlord} />
          <MoneySection landlord={landlord} />
          <WebhooksSection landlordId={landlord.id} />
          <LinkSection
            title={F.properties}
            items={(landlord.properties ?? []).map((property) => ({
              id: property.id,
              label: property.name,
              to: `/properties/${property.id}`,
            }))}
          />
          <LinkSection
            title={F.users}
            items={(landlord.users ?? []).map((user) => ({
              id: user.id,
              label: memberLabel(user),
              to: linkUsers ? `/users/${user.id}` : undefined,
              aside: user.role_name,
            }))}
          />
        </>
      )}
    </RecordDetails>
  );
}
