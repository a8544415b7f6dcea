import { Stack, Text } from '@mantine/core';
import { type ApiLandlord, can } from '@mend/shared';
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
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';

const F = t.screens.fields;

export function LandlordDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  const query = useRecord<ApiLandlord>('landlords', `landlords/${id}`, id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const landlord = query.data;
  const canEdit = can(actor, 'landlord.update', { id: landlord.id });
  const canDelete = can(actor, 'landlord.delete');
  // A user links to its record on the Users screen, for those who may open it.
  const linkUsers = can(actor, 'users.list');

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader name={landlord.name} avatar={landlord.avatar} square />
        <DetailSection title={F.description}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {landlord.description || t.screens.empty}
          </Text>
        </DetailSection>
        <DetailSection>
          <DetailFields>
            <DetailField label={F.created}>{formatDate(landlord.created_at_timestamp)}</DetailField>
          </DetailFields>
        </DetailSection>
        <DetailSection title={F.properties}>
          <LinkList
            label={F.properties}
            items={(landlord.properties ?? []).map((property) => ({
              id: property.id,
              label: property.name,
              to: `/properties/${property.id}`,
            }))}
          />
        </DetailSection>
        <DetailSection title={F.users}>
          <LinkList
            label={F.users}
            items={(landlord.users ?? []).map((user) => ({
              id: user.id,
              label:
                user.company_name && user.company_name !== user.name
                  ? `${user.name} · ${user.company_name}`
                  : user.name,
              to: linkUsers ? `/users/${user.id}` : undefined,
              aside: user.role_name,
            }))}
          />
        </DetailSection>
      </Stack>
      <DetailActions
        onEdit={canEdit ? () => panel.go({ mode: 'edit', id: landlord.id }) : null}
        deleting={deleting}
        onDelete={
          canDelete
            ? () =>
                remove({
                  path: landlord.path || `landlords/${landlord.id}`,
                  entity: t.screens.entities.landlord.word,
                  name: landlord.name,
                  resource: 'landlords',
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
