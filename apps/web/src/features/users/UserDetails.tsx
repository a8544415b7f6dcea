import { Badge } from '@mantine/core';
import {
  type ApiUserRecord,
  belongsToLandlord,
  can,
  hasUnit,
  type UserType,
  worksOnProperties,
} from '@mend/shared';
import { useLocation } from 'react-router';
import {
  CategoryBadges,
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  formatDate,
  LinkSection,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { EmailLink, PhoneLink } from '../../components/ReachLinks';
import { RecordDetails } from '../../components/records/RecordDetails';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { readCreatedState } from './created-user';
import { userKind } from './kind';
import { ActivationLinkAlert, GeneratedPasswordAlert } from './UserAccountAlerts';
import { UserRating } from './UserRating';
import { displayName, isTemporary } from './user-types';

const F = t.screens.fields;

export function UserDetails({ type, id, panel }: { type: UserType; id: number; panel: PanelControls }) {
  const actor = useActor();
  const location = useLocation();
  const linkLandlord = can(actor, 'landlord.viewAll');
  const linkRecords = can(actor, 'user.linkRecords');
  const subject = (user: ApiUserRecord) => ({ id: user.id, role: user.role, landlordId: user.landlord_id });

  return (
    <RecordDetails<ApiUserRecord>
      kind={userKind(type)}
      id={id}
      panel={panel}
      name={displayName}
      canEdit={(user) => can(actor, 'user.updateRecord', subject(user)) && user.can?.update !== false}
      canDelete={(user) => can(actor, 'user.delete', subject(user))}
    >
      {(user) => {
        const name = displayName(user);
        const temporary = isTemporary(user);
        const generatedPassword = readCreatedState(location.state, user.id);
        const place = [user.city, user.province, user.country].filter(Boolean).join(', ');
        return (
          <>
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
            {temporary && user.username ? <ActivationLinkAlert username={user.username} /> : null}
            {generatedPassword ? <GeneratedPasswordAlert password={generatedPassword} /> : null}
            {/* A contractor's ratings, when the viewer may see them (issue 25). */}
            {user.rating ? <UserRating rating={user.rating} /> : null}
            <DetailSection title={F.contact}>
              <DetailFields>
                <DetailField label={F.email}>
                  {temporary ? null : <EmailLink email={user.email} />}
                </DetailField>
                {user.username ? <DetailField label={F.username}>{user.username}</DetailField> : null}
                <DetailField label={F.phoneNumber}>
                  <PhoneLink phone={user.phone_number} />
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
                <LinkSection
                  title={F.properties}
                  items={(user.properties ?? []).map((property) => ({
                    id: property.id,
                    label: property.name,
                    to: linkRecords ? `/properties/${property.id}` : undefined,
                  }))}
                />
                <DetailSection title={F.categories}>
                  <CategoryBadges categories={user.categories ?? []} />
                </DetailSection>
              </>
            ) : null}
          </>
        );
      }}
    </RecordDetails>
  );
}
