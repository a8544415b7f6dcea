/** Screens only the super admin may see (contact submissions, outbox): others get the reason, not a broken list. */
import { Alert } from '@mantine/core';
import { ROLE } from '@mend/shared';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../app/auth';
import { t } from '../../app/translations';
import { PageHeader } from '../../components/PageHeader';

export function SuperAdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { role } = useCurrentUser();
  if (role === ROLE.superAdmin) return children;
  return (
    <>
      <PageHeader title={title} />
      <Alert color="red" variant="light" radius="md" icon={<IconLock aria-hidden />} role="alert">
        {t.errors.forbidden}
      </Alert>
    </>
  );
}
