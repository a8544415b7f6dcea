/**
 * A ticket's conversation (issue 25 section 1) in a real browser against the real server with demo data:
 * - the Northwind manager posts a staff-only comment and one for everyone on a ticket of Jane Morrison's
 *   (tenant, Riverside Commons unit 101), after a page's worth of staff notes: on a 390 px phone the thread
 *   shows its newest page, and "Show earlier comments" adds the page before;
 * - Jane, on a 390 px phone, sees only the one for everyone (nor does the API give her the other), has no
 *   "Visible to" choice, and replies with a 1.5 MB camera photo, scaled down in the browser before it is sent;
 *   nothing in the details scrolls sideways;
 * - the manager sees the reply with its thumbnail, which opens the lightbox, and edits its own comment
 *   within the window: the thread shows the new text, marked edited; deleting the staff note leaves a line
 *   in the activity log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMENT_PAGE_SIZE, en, format, TICKET_IMAGE_MAX_BYTES } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage, onDesktop, signIn } from './browser';
import { comment, composer, openTicket } from './conversation-helpers';

const C = en.screens.comments;
const PHONE_WIDTH = 390;
const PHOTO_NAME = 'IMG_20261125_093000.jpg';

let browser: Browser;
let photoDir: string;
let photoPath: string;

/** A camera photo too heavy to upload as it is: 2000x1500 pixels of gradients with grain (about 1.5 MB). */
async function cameraPhoto(): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 11;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 60;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = grain();
      raw[i] = Math.max(0, Math.min(255, 120 + (x / width) * 100 + n));
      raw[i + 1] = Math.max(0, Math.min(255, 90 + (y / height) * 120 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 160 - (x / width) * 80 + n));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

beforeAll(async () => {
  browser = await launchBrowser();
  photoDir = mkdtempSync(path.join(tmpdir(), 'mend-e2e-conversation-'));
  photoPath = path.join(photoDir, PHOTO_NAME);
  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(TICKET_IMAGE_MAX_BYTES);
  writeFileSync(photoPath, photo);
});

afterAll(async () => {
  await browser?.close();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

async function onPhone(email: string): Promise<Page> {
  const page = await newPhonePage(browser);
  await signIn(page, email);
  return page;
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: title }).first().waitFor();
}

async function post(details: Locator, text: string, visibility?: string): Promise<void> {
  const form = composer(details);
  if (visibility) await form.locator('label').filter({ hasText: visibility }).click();
  await form.getByRole('textbox', { name: C.label }).fill(text);
  await form.getByRole('button', { name: C.post, exact: true }).click();
  await toast(details.page(), en.tickets.comments.posted);
  await comment(details, text).waitFor();
  // The box empties for the next one.
  await expect.poll(() => form.getByRole('textbox', { name: C.label }).inputValue()).toBe('');
}

/** Staff notes posted through the API (a staff note tells nobody: the manager is the landlord's only staff). */
async function postStaffNotes(page: Page, ticketId: number, texts: string[]): Promise<void> {
  const statuses = await page.evaluate(
    async ({ ticketId, texts }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const answers: number[] = [];
      for (const body of texts) {
        const response = await fetch(`/api/tickets/${ticketId}/comments`, {
          method: 'POST',
          body: JSON.stringify({ body, visibility: 'staff' }),
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-csrf-token': token },
        });
        answers.push(response.status);
      }
      return answers;
    },
    { ticketId, texts },
  );
  expect(statuses.every((status) => status === 201)).toBe(true);
}

/** What would make the details scroll sideways on a phone: boxes reaching past the window's right edge. */
function sidewaysOverflow(details: Locator): Promise<string[]> {
  return details.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of root.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
      const style = getComputedStyle(element);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1
      )
        found.push(`${element.tagName.toLowerCase()} scrolls sideways`);
    }
    return found;
  });
}

const stamp = Date.now().toString(36);
const staffNote = `Staff only: the landlord approved up to $400 (${stamp})`;
const forEveryone = `A plumber will come by on Tuesday morning (${stamp})`;
const edited = `A plumber will come by on Tuesday between 9 and 11 (${stamp})`;
const reply = `Thanks! Here is how it looks now.\nThe cabinet is still wet. (${stamp})`;
const notes = Array.from(
  { length: COMMENT_PAGE_SIZE },
  (_, i) => `Staff note ${i + 1} of the log (${stamp})`,
);

describe('a conversation on a ticket', () => {
  it('keeps staff notes from the tenant, takes a reply with a photo from a phone, and lets the author edit', {
    timeout: 180_000,
  }, async () => {
    // A ticket of Jane's, as her list gives it.
    const tenant = await onPhone('tenant@northwind.test');
    const id = await tenant.evaluate(async () => {
      const answer = await fetch('/api/tickets?per_page=1', { headers: { Accept: 'application/json' } });
      return ((await answer.json()) as { data: { id: number }[] }).data[0].id;
    });

    // The manager posts a page's worth of staff notes, then a staff-only note and a comment for everyone.
    const manager = await onDesktop(browser, 'manager@northwind.test');
    await postStaffNotes(manager, id, notes);
    let details = await openTicket(manager, id);
    await post(details, staffNote, C.visibilities.staff);
    await comment(details, staffNote).locator('[data-visibility-badge="staff"]').waitFor();
    await post(details, forEveryone, C.visibilities.everyone);
    expect(await comment(details, forEveryone).locator('[data-visibility-badge]').count()).toBe(0);

    // On the manager's phone the thread opens with its newest page; the page before it is a tap away.
    const managerPhone = await onPhone('manager@northwind.test');
    const phoneDetails = await openTicket(managerPhone, id);
    await comment(phoneDetails, forEveryone).waitFor();
    expect(await phoneDetails.locator('[data-comment]').count()).toBe(COMMENT_PAGE_SIZE);
    expect(await comment(phoneDetails, notes[0]).count()).toBe(0);
    const showEarlier = phoneDetails.getByRole('button', { name: C.showEarlier });
    expect(await sidewaysOverflow(phoneDetails)).toEqual([]);
    await showEarlier.tap();
    await comment(phoneDetails, notes[0]).waitFor();
    expect(await phoneDetails.locator('[data-comment]').count()).toBeGreaterThan(COMMENT_PAGE_SIZE);
    // Still oldest first: the earlier page above the newest.
    const shown = await phoneDetails.locator('[data-comment]').allInnerTexts();
    expect(shown.findIndex((text) => text.includes(notes[0]))).toBeLessThan(
      shown.findIndex((text) => text.includes(notes[COMMENT_PAGE_SIZE - 1])),
    );
    expect(await sidewaysOverflow(phoneDetails)).toEqual([]);
    await managerPhone.context().close();

    // Jane, on her phone, sees only the comment for everyone, and cannot choose who sees hers.
    const tenantDetails = await openTicket(tenant, id);
    await comment(tenantDetails, forEveryone).waitFor();
    expect(await comment(tenantDetails, staffNote).count()).toBe(0);
    expect(await tenantDetails.getByText(C.visibleTo).count()).toBe(0);
    const seen = await tenant.evaluate(async (ticket) => {
      const answer = await fetch(`/api/tickets/${ticket}/comments`, {
        headers: { Accept: 'application/json' },
      });
      return ((await answer.json()) as { data: { body: string; visibility: string }[] }).data;
    }, id);
    expect(seen.every((entry) => entry.visibility === 'everyone')).toBe(true);
    expect(seen.map((entry) => entry.body)).not.toContain(staffNote);
    // The manager's comment is not hers to change.
    const theirComment = comment(tenantDetails, forEveryone);
    expect(await theirComment.getByRole('button', { name: C.edit, exact: true }).count()).toBe(0);
    expect(await theirComment.getByRole('button', { name: C.delete, exact: true }).count()).toBe(0);

    // Her reply with a photo: scaled down before it joins the form, sent within the limit.
    const form = composer(tenantDetails);
    await form.getByRole('textbox', { name: C.label }).fill(reply);
    await form.locator('input[type="file"][name="attachments"]').setInputFiles(photoPath);
    await form.getByRole('img', { name: PHOTO_NAME }).waitFor({ timeout: 60_000 });
    await form.getByRole('button', { name: format(C.removePhoto, { number: 1 }) }).waitFor();
    expect(await form.getByText(en.errors.fileTooBig).count()).toBe(0);
    expect(await sidewaysOverflow(tenantDetails)).toEqual([]);
    const sent: number[] = [];
    tenant.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/tickets/${id}/comments`)
        sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await form.getByRole('button', { name: C.post, exact: true }).tap();
    await toast(tenant, en.tickets.comments.posted);
    const mine = comment(tenantDetails, 'Here is how it looks now.');
    await mine.waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(TICKET_IMAGE_MAX_BYTES + 50_000);
    // Her line break kept, as text.
    expect(await mine.locator('p').innerText()).toBe(reply);
    expect(await form.getByRole('img', { name: PHOTO_NAME }).count()).toBe(0);
    await mine
      .getByRole('button', { name: format(C.attachment, { index: 1, count: 1, name: PHOTO_NAME }) })
      .waitFor();
    expect(await sidewaysOverflow(tenantDetails)).toEqual([]);
    // Everything is within the phone's width, the Post button too.
    const postBox = await form.getByRole('button', { name: C.post, exact: true }).boundingBox();
    expect((postBox?.x ?? 0) + (postBox?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
    await tenant.context().close();

    // The manager sees the reply and its photo, which opens in the lightbox.
    details = await openTicket(manager, id);
    const theirs = comment(details, 'Here is how it looks now.');
    await theirs.waitFor();
    const thumbnail = theirs.getByRole('button', {
      name: format(C.attachment, { index: 1, count: 1, name: PHOTO_NAME }),
    });
    // Under a page of comments: the thumbnail loads (lazily) once it is scrolled to.
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await thumbnail.click();
    const full = manager.getByRole('img', { name: PHOTO_NAME });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await manager.keyboard.press('Escape');
    await expect.poll(() => full.count()).toBe(0);
    // Only her own comment is hers to edit.
    expect(await theirs.getByRole('button', { name: C.edit, exact: true }).count()).toBe(0);

    // The manager edits its comment within the window.
    // Found by its id: while edited, its text is in the box, not on the page.
    const ownId = await comment(details, forEveryone).getAttribute('data-comment');
    const own = details.locator(`[data-comment="${ownId}"]`);
    await own.getByRole('button', { name: C.edit, exact: true }).click();
    const editor = own.getByRole('textbox', { name: C.label });
    await editor.fill(edited);
    await own.getByRole('button', { name: C.save, exact: true }).click();
    await toast(manager, en.tickets.comments.updated);
    const changed = comment(details, edited);
    await changed.locator('[data-edited]').waitFor();
    expect(await comment(details, forEveryone).count()).toBe(0);

    // Deleting the staff note (after the question) leaves a line in the activity log.
    await comment(details, staffNote).getByRole('button', { name: C.delete, exact: true }).click();
    await manager.getByRole('button', { name: en.confirm.yesDelete }).click();
    await toast(manager, en.toasts.deleted);
    await expect.poll(() => comment(details, staffNote).count()).toBe(0);
    await details
      .locator('[data-log-entry]')
      .filter({ hasText: en.tickets.log.commentDeleted })
      .first()
      .waitFor();
    await manager.context().close();
  });
});
