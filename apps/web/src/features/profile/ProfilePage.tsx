/**
 * The profile (SPEC.md sections 2 and 6, User profile screen): /users/{id}/info, /security,
 * /notifications and /contact are the tabs Account Info, Security, Notifications and Contact (the tab
 * is the route). The avatar sits at the side and can be changed on the info tab only. "Loading user
 * info..." shows while the user loads, or the error; a "Not You" banner when it is another user's. The
 * Contact tab is offered to those who may send the contact form (can('contact.create')); its route, like a
 * profile the server refuses, answers the others with the not-allowed page. On one's own Notifications tab, the
 * private address of one's calendar feed of visits follows the options (issue 25).
 */
import { Alert, Center, Divider, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { type Actor, can } from '@mend/shared';
import {
  IconAlertCircle,
  IconBell,
  IconLock,
  IconMessageCircle,
  IconUser,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { isForbidden, NotAllowed } from '../../components/NotAllowed';
import { PageHeader } from '../../components/PageHeader';
import { useActor } from '../../lib/actor';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { CalendarFeed } from '../calendar/CalendarFeed';
import { ContactForm } from '../contact/ContactForm';
import { displayName } from '../users/user-types';
import { AccountInfoTab } from './AccountInfoTab';
import { LanguageForm } from './LanguageForm';
import { NotificationsTab } from './NotificationsTab';
import { ProfileAvatar } from './ProfileAvatar';
import classes from './ProfilePage.module.css';
import { useProfile } from './queries';
import { SecurityTab } from './SecurityTab';

const P = t.accountScreens.profile;

export const PROFILE_TABS = ['info', 'security', 'notifications', 'contact'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The Contact tab is the contact form to support: for those who may send it (not the super admin, the support). */
function tabsFor(actor: Actor): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => tab !== 'contact' || can(actor, 'contact.create'));
}

const TAB_LABELS: Record<ProfileTab, string> = {
  info: t.titles.accountInfo,
  security: t.titles.security,
  notifications: t.titles.notifications,
  contact: t.titles.contact,
};

const TAB_ICONS = { info: IconUser, security: IconLock, notifications: IconBell, contact: IconMessageCircle };

function parseId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function ProfilePage({ tab }: { tab: ProfileTab }) {
  const params = useParams();
  const id = parseId(params.id);
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const actor = useActor();
  const tabs = tabsFor(actor);
  const query = useProfile(id);

  const header = <PageHeader title={P.title} />;

  if (!tabs.includes(tab) || isForbidden(query.error)) return <NotAllowed />;

  if (id === null || query.isError)
    return (
      <>
        {header}
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {id === null ? t.errors.notFound : errorMessage(query.error)}
        </Alert>
      </>
    );

  if (query.isPending)
    return (
      <>
        {header}
        <Center py={80} role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed">{t.loadingTexts.userInfo}</Text>
          </Stack>
        </Center>
      </>
    );

  const { user } = query.data;
  const notYou = query.data.not_you || user.id !== me.id;

  return (
    <>
      {header}
      {notYou ? (
        <Alert
          color="orange"
          variant="light"
          radius="md"
          mb="lg"
          title={t.titles.notYou}
          icon={<IconUserQuestion aria-hidden />}
        >
          {format(P.notYouText, { name: displayName(user) })}
        </Alert>
      ) : null}
      <div className={classes.layout}>
        <Paper
          withBorder
          radius="lg"
          p="xl"
          className={classes.side}
          component="aside"
          aria-label={P.avatarLabel}
        >
          <ProfileAvatar user={user} canUpload={tab === 'info'} />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Tabs
            value={tab}
            onChange={(value) => {
              if (value && value !== tab) navigate(`/users/${user.id}/${value}`);
            }}
            keepMounted={false}
          >
            <Tabs.List aria-label={P.tabsLabel} mb="xl">
              {tabs.map((value) => {
                const Icon = TAB_ICONS[value];
                return (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                    {TAB_LABELS[value]}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            <Tabs.Panel value={tab}>
              {tab === 'info' ? <AccountInfoTab key={user.id} user={user} /> : null}
              {tab === 'info' ? (
                <>
                  <Divider my="xl" />
                  <LanguageForm key={user.id} user={user} notYou={notYou} />
                </>
              ) : null}
              {tab === 'security' ? <SecurityTab key={user.id} user={user} notYou={notYou} /> : null}
              {tab === 'notifications' ? <NotificationsTab key={user.id} user={user} /> : null}
              {tab === 'notifications' && !notYou ? (
                <>
                  <Divider my="xl" />
                  <CalendarFeed key={user.id} userId={user.id} />
                </>
              ) : null}
              {tab === 'contact' ? <ContactForm key={me.id} sender={me} /> : null}
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </div>
    </>
  );
}
