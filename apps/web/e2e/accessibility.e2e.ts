/**
 * Accessibility, proven (issue 28, section 4): axe-core's WCAG 2.x A and AA rules on every screen each role can
 * open (its lists, the side panels of a record's details, create and edit forms, a real ticket's details, the
 * dashboard, the calendar, schedules, the profile's tabs, the work order), and on the signed-out screens, in English
 * and French, at desktop (1440×900) and phone (390×844) sizes: no serious or critical violation. One signed-in window per role and size:
 * its first screen loaded by its address, the others opened through the router as the app's links open them. A
 * failure lists every violation found in that window, with its rule, impact, elements and their HTML.
 */
import { ROLE, type Role } from '@mend/shared';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, type Violation } from './axe';
import { api, appReady, baseUrl, DEMO, launchBrowser, PHONE_USER_AGENT, signIn } from './browser';

/**
 * The languages each screen is checked in. A window's locale picks its pages' language (`openWindow`: the server
 * answers the browser's Accept-Language when the user has stored no choice, as the demo users have, ADR 0047).
 */
const languages = ['en', 'fr'] as const;
type Language = (typeof languages)[number];

const sizes = [
  { name: 'desktop', phone: false },
  { name: 'phone', phone: true },
] as const;
type Size = (typeof sizes)[number];

const roles = [
  { name: 'super admin', email: DEMO.admin, role: ROLE.superAdmin },
  { name: 'manager', email: DEMO.manager, role: ROLE.manager },
  { name: 'tenant', email: DEMO.tenant, role: ROLE.tenant },
  { name: 'contractor', email: DEMO.plumber, role: ROLE.contractor },
] as const;

const EVERYONE: Role[] = [ROLE.superAdmin, ROLE.manager, ROLE.tenant, ROLE.contractor];
const STAFF: Role[] = [ROLE.superAdmin, ROLE.manager];
const SUPER: Role[] = [ROLE.superAdmin];

/**
 * The record screens (router.tsx's `records`), with the roles that open the list and a record's details, and those
 * that open its create and edit forms (packages/shared/src/permissions.ts). The record is the first of the list the
 * role is given by the API.
 */
const RECORD_SCREENS: { base: string; view: Role[]; create: Role[]; edit: Role[] }[] = [
  { base: 'tickets', view: EVERYONE, create: [...STAFF, ROLE.tenant], edit: [...STAFF, ROLE.tenant] },
  { base: 'schedules', view: STAFF, create: STAFF, edit: STAFF },
  { base: 'users', view: SUPER, create: SUPER, edit: SUPER },
  { base: 'tenants', view: [...STAFF, ROLE.contractor], create: STAFF, edit: STAFF },
  { base: 'contractors', view: STAFF, create: STAFF, edit: STAFF },
  { base: 'landlords', view: SUPER, create: SUPER, edit: SUPER },
  { base: 'properties', view: EVERYONE, create: STAFF, edit: STAFF },
  { base: 'units', view: EVERYONE, create: STAFF, edit: STAFF },
  { base: 'categories', view: EVERYONE, create: SUPER, edit: SUPER },
  { base: 'contact', view: SUPER, create: [], edit: [] },
];

/** The other signed-in screens and the roles that open them. */
const PAGES: { path: string; roles: Role[] }[] = [
  { path: '/', roles: EVERYONE },
  { path: '/calendar', roles: [...STAFF, ROLE.contractor] },
  { path: '/outbox', roles: SUPER },
  { path: '/users/batch-create', roles: SUPER },
  // The not-found page, which any address the app does not know shows.
  { path: '/no-such-screen', roles: EVERYONE },
];

/** The screens of a signed-out visitor (the signed links' pages with a link that is not valid). */
const SIGNED_OUT_PAGES = [
  '/login',
  '/password/reset',
  '/password/reset/not-a-real-token?email=tenant%40northwind.test',
  '/user-activation',
  '/unsubscribe/not-a-real-token',
  '/assignment/not-a-real-token',
  '/signoff/not-a-real-token',
  '/approvals/not-a-real-token',
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A window of `size` in `language`, in the demo properties' time zone. */
function openWindow(size: Size, language: Language): Promise<BrowserContext> {
  const locale = { en: 'en-CA', fr: 'fr-CA' }[language];
  return browser.newContext(
    size.phone
      ? {
          baseURL: baseUrl(),
          locale,
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
          userAgent: PHONE_USER_AGENT,
          timezoneId: 'America/Edmonton',
        }
      : {
          baseURL: baseUrl(),
          locale,
          viewport: { width: 1440, height: 900 },
          timezoneId: 'America/Edmonton',
        },
  );
}

/** The first record of `base` the API gives the signed-in user, if any. */
async function firstId(page: Page, base: string): Promise<number | null> {
  const list = await api<{ data?: { id: number }[] }>(page, `/api/${base}?per_page=1`);
  return list.data?.[0]?.id ?? null;
}

/** A screen by its address, and whether it is a record's side panel over its list, or a page. */
interface Screen {
  path: string;
  panel: boolean;
}

const asPage = (path: string): Screen => ({ path, panel: false });
const asPanel = (path: string): Screen => ({ path, panel: true });

/** Every screen the signed-in user (`role`) can open. */
async function screensFor(page: Page, role: Role): Promise<Screen[]> {
  const current = await api<{ user: { id: number }; landlord: { id: number } | null }>(
    page,
    '/api/users/current',
  );
  const screens = PAGES.filter((entry) => entry.roles.includes(role)).map((entry) => asPage(entry.path));
  for (const record of RECORD_SCREENS) {
    if (!record.view.includes(role)) continue;
    const base = `/${record.base}`;
    screens.push(asPage(base));
    if (record.create.includes(role)) screens.push(asPanel(`${base}/create`));
    const id = await firstId(page, record.base);
    if (id === null) continue;
    screens.push(asPanel(`${base}/${id}`));
    if (record.edit.includes(role)) screens.push(asPanel(`${base}/${id}/edit`));
    // A ticket's work order, made for paper.
    if (record.base === 'tickets') screens.push(asPage(`${base}/${id}/print`));
  }
  // A manager's Landlord Settings (where /landlords leads): its own landlord's details and form, as a page.
  if (role === ROLE.manager && current.landlord)
    screens.push(
      asPage(`/landlords/${current.landlord.id}`),
      asPage(`/landlords/${current.landlord.id}/edit`),
    );
  // The profile's tabs (Contact is for those who may send the contact form: not the super admin).
  const tabs =
    role === ROLE.superAdmin
      ? ['info', 'security', 'notifications']
      : ['info', 'security', 'notifications', 'contact'];
  for (const tab of tabs) screens.push(asPage(`/users/${current.user.id}/${tab}`));
  return screens;
}

/** The requests each page has on the way: not the live updates' event stream, which stays open. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** A new page of `context`, whose requests on the way `screenReady` follows. */
async function trackedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, pending);
  return page;
}

const requestsOnTheWay = (page: Page) => inFlight.get(page)?.size ?? 0;

/** Whether the page shows that it loads: a spinner, a busy list, a "Loading..." status. (Run in the page.) */
function nothingLoads(): boolean {
  const shown = (element: Element) => (element as HTMLElement).offsetParent !== null;
  if ([...document.querySelectorAll('.mantine-Loader-root')].some(shown)) return false;
  if (document.querySelector('[aria-busy="true"]')) return false;
  const statuses = [...document.querySelectorAll('[role="status"]')];
  if (statuses.some((status) => /(\.\.\.|…)\s*$/.test(status.textContent ?? ''))) return false;
  return true;
}

/**
 * Waits until the screen is ready to be read: the app has taken the page over, no request is on its way (a screen's
 * code, its data), nothing loads (no spinner, no busy list, no "Loading..." status), and the page has been still (no
 * change, no transition running) for 300 ms. Then again if a request left meanwhile: the router keeps the previous
 * screen until the next one's code is in, so a slow chunk (a busy machine) looked like a still screen, and axe read
 * the one that came after it mid-load.
 */
async function screenReady(page: Page): Promise<void> {
  await appReady(page);
  const deadline = Date.now() + 30_000;
  for (;;) {
    while (requestsOnTheWay(page) > 0) {
      if (Date.now() > deadline) throw new Error('requests still on their way after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.waitForFunction(nothingLoads, undefined, { timeout: 20_000, polling: 100 });
    await stillFor300ms(page);
    if (requestsOnTheWay(page) === 0 && (await page.evaluate(nothingLoads))) return;
    if (Date.now() > deadline) throw new Error('the screen was still loading after 30 s');
  }
}

/** Still for 300 ms: no change to the page and no transition or animation running (a panel sliding in, a toast). */
function stillFor300ms(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        let last = performance.now();
        const observer = new MutationObserver(() => {
          last = performance.now();
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const started = performance.now();
        const check = () => {
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            );
          if (moving) last = performance.now();
          if (performance.now() - last >= 300) {
            observer.disconnect();
            resolve();
          } else if (performance.now() - started > 15_000) {
            observer.disconnect();
            reject(new Error('the page did not settle within 15 s'));
          } else setTimeout(check, 50);
        };
        check();
      }),
  );
}

/** Whether the app shows the screen (it followed the address): its side panel, else a page with its heading. */
async function expectScreen(page: Page, { path, panel }: Screen): Promise<void> {
  const shown = page.locator(panel ? '[role="dialog"]' : 'h1').first();
  await shown.waitFor({ timeout: 10_000 }).catch(() => {
    throw new Error(`${path} shows no ${panel ? 'side panel' : 'heading'}`);
  });
  if (!panel) expect(await page.locator('[role="dialog"]').count(), `${path} shows a side panel`).toBe(0);
}

/**
 * Opens `path` in the app as its links do, without loading the page again (a third of the time of each screen): the
 * history entry React Router would push, then the event it follows (it reads the address on "popstate").
 */
async function moveTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * Opens each screen in turn (the first by loading it) and runs axe on it: the violations found, screen by screen. The
 * page must be in `language` (else French would check English screens again without a word).
 */
async function checkScreens(
  page: Page,
  screens: Screen[],
  language: Language,
  label: string,
): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const [index, screen] of screens.entries()) {
    if (index === 0) await page.goto(screen.path);
    else await moveTo(page, screen.path);
    await screenReady(page);
    if (index === 0)
      expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${language}\\b`));
    await expectScreen(page, screen);
    found.push(...(await seriousViolations(page, `${label} ${screen.path}`)));
  }
  return found;
}

/**
 * Each window's two languages are checked at once (concurrent tests, a window each): a screen spends much of its
 * time waiting to be still (`screenReady`), which the other language's work fills, so French costs the file far
 * less than its English time again.
 */
for (const size of sizes) {
  describe(`axe, ${size.name}: signed out`, () => {
    for (const language of languages)
      it.concurrent(`signed out, ${size.name}, ${language}: login, forgot password and the account links`, async () => {
        const context = await openWindow(size, language);
        const page = await trackedPage(context);
        const violations = await checkScreens(
          page,
          SIGNED_OUT_PAGES.map(asPage),
          language,
          `signed out, ${size.name}, ${language}:`,
        );
        await context.close();
        expect(violations.length, describeViolations(violations)).toBe(0);
      }, 120_000);
  });

  for (const { name, email, role } of roles)
    describe(`axe, ${size.name}: ${name}`, () => {
      for (const language of languages)
        it.concurrent(`${name}, ${size.name}, ${language}: every screen the role can open`, async () => {
          const context = await openWindow(size, language);
          const page = await trackedPage(context);
          await signIn(page, email, language);
          const screens = await screensFor(page, role);
          const violations = await checkScreens(
            page,
            screens,
            language,
            `${name}, ${size.name}, ${language}:`,
          );
          await context.close();
          expect(violations.length, describeViolations(violations)).toBe(0);
        }, 300_000);
    });
}
