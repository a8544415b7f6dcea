/**
 * Record screens in a real browser against the real server with demo data: a manager creates a
 * property, a unit and a tenant, edits one and deletes with confirmation; the close-panel question;
 * the super admin's unit form (landlord first, then that landlord's properties); a tenant sees no create
 * buttons; the super admin's batch import reports a bad row.
 */
import { en, format } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, DEMO_PASSWORD, launchBrowser, newPage } from './browser';

const S = en.screens;
const F = S.fields;

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
  await page.waitForURL('**/tickets');
  return page;
}

/** The side panel, by its title. */
function panel(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Chooses an option of a Mantine Select by its label. */
async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

async function fill(scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Waits until the list has loaded (its loading row is gone). */
async function listLoaded(page: Page, loadingText: string): Promise<void> {
  await page.getByRole('table').waitFor();
  await appReady(page);
  await expect.poll(() => page.getByText(loadingText).count()).toBe(0);
}

function recordId(page: Page, base: string): number {
  const match = new RegExp(`${base}/(\\d+)$`).exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not a ${base} record: ${page.url()}`);
  return Number(match[1]);
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: title }).first().waitFor();
}

const stamp = Date.now().toString(36);
const propertyName = `E2E Court ${stamp}`;
const unitName = `E2E Suite ${stamp}`;
const tenantFirst = 'Robin';
const tenantLast = `Tester${stamp}`;

describe('record screens as a manager', () => {
  it('creates a property, a unit and a tenant, edits the unit and deletes them with confirmation', async () => {
    const page = await signedIn('manager@northwind.test');

    // Property
    await page.goto('/properties');
    await listLoaded(page, en.loadingTexts.properties);
    await page
      .getByRole('button', { name: format(S.createEntity, { entity: S.entities.property.one }) })
      .click();
    await page.waitForURL('**/properties/create');
    const propertyForm = panel(page, en.titles.createProperty);
    const create = propertyForm.getByRole('button', { name: en.buttons.create });
    expect(await create.isDisabled()).toBe(true);
    await fill(propertyForm, F.name, propertyName);
    await propertyForm
      .getByRole('textbox', { name: F.description })
      .fill('A property made by the browser tests.');
    await fill(propertyForm, F.address, '1 Test Street');
    await fill(propertyForm, F.city, 'Edmonton');
    await pick(propertyForm, F.country, 'Canada');
    await pick(propertyForm, F.province, 'Alberta');
    await fill(propertyForm, F.postalCode, 'T5J 0P6');
    await create.click();
    await page.waitForURL(/\/properties\/\d+$/);
    await toast(page, en.toasts.created);
    const details = panel(page, en.titles.propertyDetails);
    await details.getByRole('heading', { name: propertyName }).waitFor();
    const propertyId = recordId(page, '/properties');

    // Unit in that property
    await page.goto('/units/create');
    const unitForm = panel(page, format(S.createTitle, { entity: S.entities.unit.one }));
    await fill(unitForm, F.name, unitName);
    await unitForm.getByRole('textbox', { name: F.description }).fill('Two bedrooms.');
    await pick(unitForm, F.property, propertyName);
    await fill(unitForm, F.address, `${unitName}, 1 Test Street`);
    await fill(unitForm, F.postalCode, 'T5J 0P6');
    await unitForm.getByRole('button', { name: en.buttons.create }).click();
    await page.waitForURL(/\/units\/\d+$/);
    const unitId = recordId(page, '/units');
    await panel(page, format(S.detailsTitle, { entity: S.entities.unit.one }))
      .getByRole('heading', { name: unitName })
      .waitFor();

    // Tenant of that unit
    await page.goto('/tenants');
    await listLoaded(page, format(en.loadingTexts.generic, { entity: S.entities.tenant.many }));
    await page
      .getByRole('button', { name: format(S.createEntity, { entity: S.entities.tenant.one }) })
      .click();
    const tenantForm = panel(page, format(S.createTitle, { entity: S.entities.tenant.one }));
    await fill(tenantForm, F.firstName, tenantFirst);
    await fill(tenantForm, F.lastName, tenantLast);
    await fill(tenantForm, F.companyName, `${tenantFirst} ${tenantLast}`);
    await tenantForm.getByRole('textbox', { name: F.email }).fill(`robin.${stamp}@example.com`);
    await tenantForm.getByRole('textbox', { name: F.phoneNumber }).fill('780 555 0199');
    await pick(tenantForm, F.unit, `${unitName} · ${propertyName}`);
    await fill(tenantForm, F.city, 'Edmonton');
    await pick(tenantForm, F.country, 'Canada');
    await pick(tenantForm, F.province, 'Alberta');
    await fill(tenantForm, F.postal, 'T5J 0P6');
    await tenantForm.getByRole('button', { name: en.buttons.create }).click();
    await page.waitForURL(/\/tenants\/\d+$/);
    const tenantDetails = panel(page, format(S.detailsTitle, { entity: S.entities.tenant.one }));
    await tenantDetails.getByRole('heading', { name: `${tenantFirst} ${tenantLast}` }).waitFor();
    await tenantDetails.getByRole('link', { name: unitName }).waitFor();

    // Edit the unit: Save goes back to its details with the new text.
    await page.goto(`/units/${unitId}`);
    const unitDetails = panel(page, format(S.detailsTitle, { entity: S.entities.unit.one }));
    await unitDetails.getByRole('button', { name: en.buttons.edit }).click();
    await page.waitForURL(`**/units/${unitId}/edit`);
    const editForm = panel(page, format(S.editTitle, { entity: S.entities.unit.one }));
    const save = editForm.getByRole('button', { name: en.buttons.save });
    await editForm.getByRole('textbox', { name: F.description }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await editForm.getByRole('textbox', { name: F.description }).fill('Two bedrooms, freshly painted.');
    await save.click();
    await page.waitForURL(`**/units/${unitId}`);
    await toast(page, en.toasts.updated);
    await unitDetails.getByText('Two bedrooms, freshly painted.').waitFor();
    // The tenant now shows on the unit.
    await unitDetails.getByText(`${tenantFirst} ${tenantLast}`).first().waitFor();

    // Delete the tenant: "No, keep it" keeps it, "Yes, delete it!" deletes it.
    await tenantDetails.page().goto('/tenants');
    await listLoaded(page, format(en.loadingTexts.generic, { entity: S.entities.tenant.many }));
    await page.getByRole('row').filter({ hasText: tenantLast }).click();
    await page.waitForURL(/\/tenants\/\d+$/);
    await tenantDetails.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.noKeep }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/tenants\/\d+$/);
    // Escape in the question cancels only the question: the panel stays open.
    await tenantDetails.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.noKeep }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: en.confirm.noKeep }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/\/tenants\/\d+$/);
    // The header stays usable beside the open panel; Escape in its menu closes only the menu.
    await page.getByRole('button', { name: en.nav.accountMenu }).click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/\/tenants\/\d+$/);
    await tenantDetails.getByRole('button', { name: en.buttons.delete }).click();
    await page
      .getByText(
        format(en.confirm.deleteRecord, {
          entity: S.entities.tenant.word,
          record_name: `${tenantFirst} ${tenantLast}`,
        }),
      )
      .waitFor();
    await page.getByRole('button', { name: en.confirm.yesDelete }).click();
    await page.waitForURL('**/tenants');
    await toast(page, en.toasts.deleted);
    await expect.poll(() => page.getByRole('row').filter({ hasText: tenantLast }).count()).toBe(0);

    // The property still has a unit: the server refuses, and its reason is shown under "Yikes!".
    await page.goto(`/properties/${propertyId}`);
    await details.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.yesDelete }).click();
    await toast(page, en.errors.yikes);
    expect(new URL(page.url()).pathname).toBe(`/properties/${propertyId}`);

    // Unit, then property.
    await page.goto(`/units/${unitId}`);
    await unitDetails.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.yesDelete }).click();
    await page.waitForURL('**/units');
    await page.goto(`/properties/${propertyId}`);
    await details.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.yesDelete }).click();
    await page.waitForURL('**/properties');
    await listLoaded(page, en.loadingTexts.properties);
    await expect.poll(() => page.getByRole('row').filter({ hasText: propertyName }).count()).toBe(0);
    await page.context().close();
  });

  it('asks before closing an edit or create panel; Cancel goes to the details or the list', async () => {
    const page = await signedIn('manager@northwind.test');
    await page.goto('/units');
    await listLoaded(page, format(en.loadingTexts.generic, { entity: S.entities.unit.many }));
    await page.getByRole('row').nth(1).click();
    await page.waitForURL(/\/units\/\d+$/);
    const id = recordId(page, '/units');
    // The open record is highlighted.
    await expect.poll(() => page.locator('tr[aria-current="true"]').count()).toBe(1);

    // Closing the details needs no question.
    const detailsTitle = format(S.detailsTitle, { entity: S.entities.unit.one });
    await panel(page, detailsTitle).getByRole('button', { name: en.buttons.close }).click();
    await page.waitForURL('**/units');

    await page.goto(`/units/${id}/edit`);
    const editTitle = format(S.editTitle, { entity: S.entities.unit.one });
    const form = panel(page, editTitle);
    await form.getByRole('textbox', { name: F.name, exact: true }).waitFor();
    await form.getByRole('button', { name: en.buttons.close }).click();
    await page.getByText(en.confirm.closePanel).waitFor();
    await page.getByRole('button', { name: en.confirm.no, exact: true }).click();
    // Wait for the question to be gone: until its closing transition ends, Escape still belongs to it.
    await page.getByText(en.confirm.closePanel).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/units/${id}/edit`);
    await page.keyboard.press('Escape');
    await page.getByText(en.confirm.closePanel).waitFor();
    await page.getByRole('button', { name: en.confirm.yes, exact: true }).click();
    await page.waitForURL('**/units');

    // Cancel: edit -> details, create -> list, without a question.
    await page.goto(`/units/${id}/edit`);
    await form.getByRole('button', { name: en.buttons.cancel }).click();
    await page.waitForURL(`**/units/${id}`);
    await page.goto('/units/create');
    await panel(page, format(S.createTitle, { entity: S.entities.unit.one }))
      .getByRole('button', { name: en.buttons.cancel })
      .click();
    await page.waitForURL('**/units');

    // Back and forward restore the panel.
    await page.goBack();
    await page.waitForURL('**/units/create');
    await panel(page, format(S.createTitle, { entity: S.entities.unit.one })).waitFor();
    await page.context().close();
  });
});

describe('unit form as the super admin', () => {
  it('picks the landlord first, offers only its properties, and edits from the unit’s own', async () => {
    const page = await signedIn('admin@mend.test');
    await page.goto('/units/create');
    const unitForm = panel(page, format(S.createTitle, { entity: S.entities.unit.one }));
    const landlord = unitForm.getByRole('combobox', { name: F.landlord, exact: true });
    const property = unitForm.getByRole('combobox', { name: F.property, exact: true });
    await landlord.waitFor();
    // No property until a landlord is chosen.
    expect(await property.isDisabled()).toBe(true);
    await unitForm.getByText(S.hints.chooseLandlordFirst).waitFor();

    // The picker searches the landlords on the server as it is typed into: the form does not load them all.
    const searched = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/landlords' &&
        new URL(request.url()).searchParams.get('search') === 'maple',
    );
    await landlord.fill('maple');
    await searched;
    await page.getByRole('option', { name: 'Maple Leaf Rentals', exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('option', { name: 'Northwind Property Group', exact: true }).count())
      .toBe(0);
    await page.getByRole('option', { name: 'Maple Leaf Rentals', exact: true }).click();
    await expect.poll(() => property.isEnabled()).toBe(true);
    await property.click();
    await page.getByRole('option', { name: 'Harbourview Apartments', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Riverside Commons', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'Harbourview Apartments', exact: true }).click();
    expect(await property.inputValue()).toBe('Harbourview Apartments');

    // Another landlord clears the property of the first.
    await pick(unitForm, F.landlord, 'Northwind Property Group');
    await expect.poll(() => property.inputValue()).toBe('');
    await expect.poll(() => property.isEnabled()).toBe(true);
    const adminUnit = `E2E Admin Suite ${stamp}`;
    await fill(unitForm, F.name, adminUnit);
    await unitForm.getByRole('textbox', { name: F.description }).fill('Made by the super admin.');
    await pick(unitForm, F.property, 'Riverside Commons');
    await fill(unitForm, F.address, `${adminUnit}, 10150 100 St NW`);
    await fill(unitForm, F.postalCode, 'T5J 0P6');
    // The landlord only narrows the choices: it is not sent.
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/units',
    );
    await unitForm.getByRole('button', { name: en.buttons.create }).click();
    expect((await posted).postData() ?? '').not.toContain('landlord_id');
    await page.waitForURL(/\/units\/\d+$/);
    const unitId = recordId(page, '/units');
    const details = panel(page, format(S.detailsTitle, { entity: S.entities.unit.one }));
    await details.getByRole('heading', { name: adminUnit }).waitFor();

    // The edit form starts from the unit's landlord and property.
    await page.goto(`/units/${unitId}/edit`);
    const editForm = panel(page, format(S.editTitle, { entity: S.entities.unit.one }));
    await expect
      .poll(() => editForm.getByRole('combobox', { name: F.landlord, exact: true }).inputValue())
      .toBe('Northwind Property Group');
    expect(await editForm.getByRole('combobox', { name: F.property, exact: true }).inputValue()).toBe(
      'Riverside Commons',
    );

    await page.goto(`/units/${unitId}`);
    await details.getByRole('button', { name: en.buttons.delete }).click();
    await page.getByRole('button', { name: en.confirm.yesDelete }).click();
    await page.waitForURL('**/units');
    await page.context().close();
  });
});

describe('record screens as a tenant', () => {
  it('shows no create buttons', async () => {
    const page = await signedIn('tenant@northwind.test');
    for (const [path, entity] of [
      ['/units', S.entities.unit.one],
      ['/properties', S.entities.property.one],
    ] as const) {
      await page.goto(path);
      await page.getByRole('table').waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: format(S.createEntity, { entity }) }).count()).toBe(0);
    }
    await page.context().close();
  });
});

describe('batch create as the super admin', () => {
  it('reports the bad row of a CSV and creates nothing', async () => {
    const page = await signedIn('admin@mend.test');
    await page.goto('/users');
    await page.getByRole('link', { name: S.batch.button }).click();
    await page.waitForURL('**/users/batch-create');
    const csv = [
      'email,role,first_name,last_name,company_name',
      `batch.${stamp}@example.com,3,Casey,Batch,Casey Batch Plumbing`,
      'tenant@northwind.test,3,Taken,Email,Taken Email Co',
    ].join('\n');
    await page.getByRole('textbox', { name: S.batch.label }).fill(csv);
    await page.getByRole('button', { name: S.batch.submit }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'row 3' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      format(en.validation.csvRow, { row: 3, field: 'email', message: en.people.emailTaken }),
    );
    await page.getByRole('button', { name: en.buttonErrors.create }).waitFor();

    // A row the parser rejects is reported as soon as the field is left.
    await page.getByRole('textbox', { name: S.batch.label }).fill('email,role\nnot-an-email,3');
    await page.getByRole('textbox', { name: S.batch.label }).blur();
    await page
      .getByText(format(en.validation.csvRow, { row: 2, field: 'email', message: en.validation.validEmail }))
      .waitFor();
    await page.context().close();
  });
});
