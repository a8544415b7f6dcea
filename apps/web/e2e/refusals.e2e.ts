/**
 * Every role opens every list, create, edit and batch screen: a screen it may not use answers with the one
 * not-allowed page (components/NotAllowed.tsx), never "Something went wrong" and never a form whose submit
 * the server would refuse; a screen it may use shows its list or its form.
 */
import { en } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, DEMO_PASSWORD, launchBrowser, newPage } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await appReady(page);
  return page;
}

/** The first id of a list the signed-in user may read, else null. */
async function firstId(page: Page, url: string): Promise<number | null> {
  return page.evaluate(async (path) => {
    const response = await fetch(`/api/${path}`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { id: number }[] };
    return body.data?.[0]?.id ?? null;
  }, url);
}

type Outcome = 'list' | 'form' | 'refused';

/** A path that opens a form (create, edit, batch, the contact tab) rather than a list. */
const isFormPath = (path: string) =>
  /\/(create|edit|batch-create|contact)$/.test(path) && path !== '/contact';

/** What the screen shows once it has settled: the refusal, or the form (or list) the path opens. */
async function outcome(page: Page, path: string): Promise<Outcome> {
  const refused = page.locator('[data-not-allowed]');
  // A manager's /landlords is its Landlord Settings page (SPEC.md section 2), not a list.
  const shown = isFormPath(path)
    ? page.locator('form button[type="submit"]')
    : page.getByRole('table').or(page.getByRole('heading', { name: en.nav.landlordSettings }));
  await expect
    .poll(async () => (await refused.count()) + (await shown.count()), { timeout: 20_000, message: path })
    .toBeGreaterThan(0);
  if ((await refused.count()) > 0) {
    // The refusal is the whole answer: no form to fill in beside it.
    expect(await page.locator('form button[type="submit"]').count(), path).toBe(0);
    return 'refused';
  }
  return isFormPath(path) ? 'form' : 'list';
}

/** Roles: super admin, manager, tenant, contractor. */
type Row = [string, Outcome, Outcome, Outcome, Outcome];

const ACCOUNTS = [
  'admin@mend.test',
  'manager@northwind.test',
  'tenant@northwind.test',
  'plumber@northwind.test',
];

/** Ids every role can use in its paths: its own when it sees such records, else the super admin's. */
interface Ids {
  me: number;
  tenant: number;
  contractor: number;
  user: number;
  landlord: number;
  property: number;
  unit: number;
  category: number;
  ticket: number;
}

async function idsFor(page: Page, fallback: Ids | null): Promise<Ids> {
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/users/current', { headers: { Accept: 'application/json' } });
    return ((await response.json()) as { user: { id: number } }).user.id;
  });
  const pick = async (url: string, key: keyof Ids) => (await firstId(page, url)) ?? fallback?.[key] ?? 1;
  return {
    me,
    tenant: await pick('tenants', 'tenant'),
    contractor: await pick('contractors', 'contractor'),
    user: await pick('users?role=1', 'user'),
    landlord: await pick('landlords', 'landlord'),
    property: await pick('properties', 'property'),
    unit: await pick('units', 'unit'),
    category: await pick('categories', 'category'),
    ticket: await pick('tickets', 'ticket'),
  };
}

function table(ids: Ids): Row[] {
  return [
    ['/users', 'list', 'refused', 'refused', 'refused'],
    ['/users/create', 'form', 'refused', 'refused', 'refused'],
    [`/users/${ids.user}/edit`, 'form', 'refused', 'refused', 'refused'],
    ['/users/batch-create', 'form', 'refused', 'refused', 'refused'],
    ['/tenants', 'list', 'list', 'refused', 'list'],
    ['/tenants/create', 'form', 'form', 'refused', 'refused'],
    [`/tenants/${ids.tenant}/edit`, 'form', 'form', 'refused', 'refused'],
    ['/contractors', 'list', 'list', 'refused', 'refused'],
    ['/contractors/create', 'form', 'form', 'refused', 'refused'],
    [`/contractors/${ids.contractor}/edit`, 'form', 'form', 'refused', 'refused'],
    ['/landlords', 'list', 'list', 'refused', 'refused'],
    ['/landlords/create', 'form', 'refused', 'refused', 'refused'],
    [`/landlords/${ids.landlord}/edit`, 'form', 'form', 'refused', 'refused'],
    ['/categories', 'list', 'list', 'list', 'list'],
    ['/categories/create', 'form', 'refused', 'refused', 'refused'],
    [`/categories/${ids.category}/edit`, 'form', 'refused', 'refused', 'refused'],
    ['/properties/create', 'form', 'form', 'refused', 'refused'],
    [`/properties/${ids.property}/edit`, 'form', 'form', 'refused', 'refused'],
    ['/units/create', 'form', 'form', 'refused', 'refused'],
    [`/units/${ids.unit}/edit`, 'form', 'form', 'refused', 'refused'],
    ['/tickets/create', 'form', 'form', 'form', 'refused'],
    [`/tickets/${ids.ticket}/edit`, 'form', 'form', 'form', 'refused'],
    ['/contact', 'list', 'refused', 'refused', 'refused'],
    ['/outbox', 'list', 'refused', 'refused', 'refused'],
    // The contact form to support: everyone's but the super admin's, who is the support.
    [`/users/${ids.me}/contact`, 'refused', 'form', 'form', 'form'],
  ];
}

describe('screens a role may not use', () => {
  let adminIds: Ids | null = null;

  it.each(ACCOUNTS.map((email, role) => [email, role] as const))(
    'as %s',
    async (email, role) => {
      const page = await signedIn(email);
      const ids = await idsFor(page, adminIds);
      if (role === 0) adminIds = ids;
      const seen: Record<string, Outcome> = {};
      const expected: Record<string, Outcome> = {};
      for (const [path, ...outcomes] of table(ids)) {
        await page.goto(path);
        await appReady(page);
        seen[path] = await outcome(page, path);
        expected[path] = outcomes[role];
        expect(await page.getByText(en.errors.generic).count(), path).toBe(0);
        if (seen[path] === 'refused') {
          await page.getByRole('heading', { name: en.app.notAllowed }).waitFor();
          await page.getByText(en.app.notAllowedText).waitFor();
        }
      }
      expect(seen).toEqual(expected);
      // The profile offers the Contact tab to those who may send the form.
      await page.goto(`/users/${ids.me}/info`);
      await page.getByRole('tab', { name: en.titles.accountInfo }).waitFor();
      expect(await page.getByRole('tab', { name: en.titles.contact }).count()).toBe(role === 0 ? 0 : 1);
      await page.context().close();
    },
    240_000,
  );
});
