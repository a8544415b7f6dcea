import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../../app/translations';
import { ComingSoon } from '../../components/ComingSoon';
import { useDocumentTitle } from '../../components/PageHeader';

/** An auth-layout screen that is not built yet: its title, the Coming soon block and a way back. */
export default function AuthComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1} fz={32} lh={1.15}>
        {title}
      </Title>
      <ComingSoon />
      <Group>
        <Anchor component={Link} to="/login" fw={500}>
          <Group gap={6} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t.auth.backToLogin}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
