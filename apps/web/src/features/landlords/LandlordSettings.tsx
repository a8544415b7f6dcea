/**
 * Landlord Settings (role 1, SPEC.md section 2 "Layout"): the manager's own landlord as a page,
 * details at /landlords/{id} and the edit form at /landlords/{id}/edit (the list and another landlord's
 * address lead there; /landlords/create is not allowed).
 */
import { Paper, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { NotAllowed } from '../../components/NotAllowed';
import { PageHeader } from '../../components/PageHeader';
import { usePanelRoute } from '../../components/panel/usePanelRoute';
import { useCurrentUser } from '../../lib/auth';
import { t } from '../../lib/translations';
import { LandlordDetails } from './LandlordDetails';
import { LandlordFormPanel } from './LandlordForm';

export function LandlordSettings() {
  const { user, landlord } = useCurrentUser();
  const panel = usePanelRoute('/landlords');
  const ownId = landlord?.id ?? user.landlord_id;
  const { state } = panel;

  if (ownId === null || ownId === undefined) {
    return (
      <>
        <PageHeader title={t.nav.landlordSettings} />
        <Paper withBorder radius="lg" p="xl" shadow="xs">
          <Text c="dimmed">{t.screens.noLandlord}</Text>
        </Paper>
      </>
    );
  }
  // A manager may not create landlords (SPEC.md section 6): the create form would be refused.
  if (state.mode === 'create') return <NotAllowed />;
  if (state.mode === 'closed' || state.id !== ownId) {
    return <Navigate to={`/landlords/${ownId}`} replace />;
  }

  return (
    <>
      <PageHeader title={t.nav.landlordSettings} />
      <Paper
        withBorder
        radius="lg"
        shadow="xs"
        px="lg"
        pt="xs"
        maw={720}
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        {state.mode === 'edit' ? (
          <LandlordFormPanel key="edit" id={ownId} panel={panel} />
        ) : (
          <LandlordDetails id={ownId} panel={panel} />
        )}
      </Paper>
    </>
  );
}
