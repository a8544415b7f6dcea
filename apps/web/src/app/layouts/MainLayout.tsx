/**
 * The signed-in layout (SPEC.md section 2, Layout): sidebar, header, page.
 *
 * Widths: above LAYOUT_COLLAPSE_PX the sidebar is full width. At LAYOUT_COLLAPSE_PX or less the
 * layout collapses: the sidebar becomes an icon rail (links keep their names; labels show on hover)
 * and the hamburger opens it full width over the page. On phones the rail is hidden too
 * (useShellLayout).
 *
 * Header: the notifications bell (features/notifications: the polled history, its count and dropdown)
 * and the account menu (AccountMenu: Settings, Landlord Settings for role 1, Outbox for the super admin,
 * Log out). The header and the sidebar's profile show the signed-in person (its name and picture, as
 * Settings does), never its company: a manager's company is often its landlord's name, and the landlord
 * is shown as the landlord ("Managed by", Sidebar).
 * The sidebar's count badges come from the same notifications. Above every page: the
 * email-verification banner (features/account).
 */
import { AppShell, Burger, Group, Overlay } from '@mantine/core';
import { can } from '@mend/shared';
// React's useId, not Mantine's: Mantine's replaces its id right after mounting, which re-rendered the whole
// layout (and the screen in it) at once, blocking, as the app started.
import { type CSSProperties, type MouseEvent, useId } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { EmailVerificationBanner } from '../../features/account/EmailVerificationBanner';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { useSignedInNotifications } from '../../features/notifications/useSignedInNotifications';
import { useDraftSender } from '../../features/tickets/drafts/useDraftSender';
import { useActor } from '../../lib/actor';
import { useCurrentUser } from '../../lib/auth';
import { useCurrentLandlord } from '../../lib/landlord';
import { useLiveUpdates } from '../../lib/live';
import { t } from '../../lib/translations';
import { SignedInProviders } from '../signed-in-providers';
import { AccountMenu } from './AccountMenu';
import classes from './MainLayout.module.css';
import { Sidebar } from './Sidebar';
import { useShellLayout } from './useShellLayout';

/** The main content's id, where the skip link leads (one layout on the page: a fixed id, the same on the server). */
const MAIN_ID = 'main-content';

/**
 * The skip link (WCAG 2.4.1): the first Tab stop, past the header's and the sidebar's links to the screen. The
 * focus is moved by hand: following "#main-content" would add it to the address, which the router reads (the list
 * screens keep their state there), and leave the focus behind in some browsers.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

const NAVBAR_WIDTH = 272;
const RAIL_WIDTH = 76;
const HEADER_HEIGHT = 64;

export default function MainLayout() {
  const current = useCurrentUser();
  const { user } = current;
  const actor = useActor();
  const { notifications, markViewed } = useSignedInNotifications(user.id, current.notifications);
  const landlord = useCurrentLandlord(current);
  const { collapsed, phone, opened, toggle, close } = useShellLayout();
  const navbarId = useId();
  // Tickets written offline are sent from any screen, and what the app needs offline is kept (ADR 0044).
  useDraftSender();
  // Open screens hear of changes as they happen (issue 28).
  useLiveUpdates();

  const offset = !collapsed ? NAVBAR_WIDTH : phone ? 0 : RAIL_WIDTH;
  const overlay = collapsed && opened;
  const compact = collapsed && !opened;
  const hidden = phone && !opened;

  // Landlord Settings in the account menu: a manager's, hidden while no landlord is loaded.
  const landlordSettings =
    can(actor, 'landlord.settingsLink') && landlord ? `/landlords/${landlord.id}` : null;

  return (
    <SignedInProviders>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: offset, breakpoint: 0 }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
          {t.nav.skipToContent}
        </a>
        <AppShell.Header className={classes.header}>
          <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {collapsed ? (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  size="sm"
                  aria-label={t.nav.openMenu}
                  aria-expanded={opened}
                  aria-controls={navbarId}
                />
              ) : null}
              <Link to="/" className={classes.brand}>
                <BrandMark size={30} />
                <span>{t.app.name}</span>
              </Link>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <NotificationsBell userId={user.id} notifications={notifications} onMarkViewed={markViewed} />
              <AccountMenu
                user={user}
                landlordSettings={landlordSettings}
                outbox={can(actor, 'outbox.view') ? '/outbox' : null}
              />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          id={navbarId}
          aria-label={t.nav.mainLabel}
          className={classes.navbar}
          data-compact={compact || undefined}
          data-overlay={overlay || undefined}
          data-hidden={hidden || undefined}
          inert={hidden || undefined}
          style={{ '--app-shell-navbar-width': `${overlay ? NAVBAR_WIDTH : offset}px` } as CSSProperties}
        >
          <Sidebar
            compact={compact}
            hints={compact && !hidden}
            landlord={landlord}
            notifications={notifications}
          />
        </AppShell.Navbar>

        {overlay ? <Overlay fixed zIndex={99} backgroundOpacity={0.35} blur={1} onClick={close} /> : null}

        {/* Focusable by the skip link only (tabIndex -1): the next Tab goes on to the screen's first control. */}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <div className={classes.content}>
            <EmailVerificationBanner key={user.id} user={user} />
            {/* No Suspense boundary of its own: the router's navigations are transitions, so a screen whose
                code is still loading keeps the previous one shown. (A boundary here made a page rendered on
                the server hydrate its screen later, apart: Mantine's AppShell updating as it mounted then
                forced that to happen at once, in one long blocking task.) */}
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
    </SignedInProviders>
  );
}
