import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { t } from '../lib/translations';

/** Providers of the signed-in part of the app (loaded with the main layout, not on the login page). */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider
      labels={{ confirm: t.confirm.yes, cancel: t.confirm.no }}
      modalProps={{ radius: 'md', centered: true }}
    >
      {children}
    </ModalsProvider>
  );
}
