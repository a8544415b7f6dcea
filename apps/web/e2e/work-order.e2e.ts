/**
 * The printable work order in a real browser (issue 27): the ticket details offer "Print work order" and "Download
 * PDF" (A4 or Letter) on a 390 px phone; the print view shows the work order's sections to the manager and to the
 * contractor (never a staff-only comment to the contractor), opens the print dialog once when asked, reads on a
 * phone, and Chromium prints it on A4 and on Letter with nothing past the printable width.
 */
import { en, format, PAPER_POINTS, workOrderPdfPath, workOrderPrintPath } from '@mend/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, launchBrowser, newPhonePage, onDesktop, overflow, saveScreen, signIn } from './browser';

const W = en.workOrders;
const STAFF_NOTE = `Staff only ${Date.now().toString(36)}: the owner disputes the bill`;
const EVERYONE_NOTE = `For everyone ${Date.now().toString(36)}: the plumber comes Tuesday`;

let browser: Browser;
let manager: Page;
let ticketId: number;

/** Posts a comment as the page's user, with its anti-forgery token. */
async function comment(page: Page, id: number, body: string, visibility: string): Promise<void> {
  await page.evaluate(
    async ({ id, body, visibility }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('body', body);
      form.append('visibility', visibility);
      const answer = await fetch(`/api/tickets/${id}/comments`, {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', 'x-csrf-token': token },
      });
      if (answer.status !== 201) throw new Error(`${answer.status} ${await answer.text()}`);
    },
    { id, body, visibility },
  );
}

/** The sections a viewer's work order shows: all of them, costs only when its details show costs. */
async function expectedSections(page: Page, id: number): Promise<string[]> {
  const ticket = await api<{ costs: unknown }>(page, `/api/tickets/${id}`);
  const { costs, ...others } = W.sections;
  return [...Object.values(others), ...(ticket.costs ? [costs] : [])];
}

async function openPrintView(page: Page, id: number, print = false): Promise<void> {
  await page.goto(workOrderPrintPath(id, print));
  await page.getByRole('article', { name: /^Work order #/ }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A ticket of Marco Rossi's (the plumber), as he sees his list; the manager adds a comment for staff only and one
  // for everyone.
  const plumber = await onDesktop(browser, DEMO.plumber);
  const list = await api<{ data: { id: number }[] }>(plumber, '/api/tickets?per_page=100');
  expect(list.data.length).toBeGreaterThan(0);
  ticketId = list.data[0].id;
  await plumber.context().close();
  manager = await onDesktop(browser, DEMO.manager);
  await comment(manager, ticketId, STAFF_NOTE, 'staff');
  await comment(manager, ticketId, EVERYONE_NOTE, 'everyone');
});
afterAll(async () => {
  await browser?.close();
});

describe('the print view', () => {
  it('shows the manager every section, the staff-only comment too, without the app’s navigation', async () => {
    await openPrintView(manager, ticketId);
    for (const section of await expectedSections(manager, ticketId))
      expect(await manager.getByRole('region', { name: section }).count(), section).toBe(1);
    expect(await manager.getByRole('region', { name: W.sections.costs }).count()).toBe(1);
    const conversation = manager.getByRole('region', { name: W.sections.conversation });
    expect(await conversation.getByText(STAFF_NOTE).count()).toBe(1);
    expect(await conversation.getByText(EVERYONE_NOTE).count()).toBe(1);
    expect(await manager.getByRole('navigation').count()).toBe(0);
    await saveScreen(manager, 'work-order-manager');
  });

  it('shows the contractor its sections on a phone, never the staff-only comment, with nothing wider', async () => {
    const page = await newPhonePage(browser);
    await signIn(page, DEMO.plumber);
    await openPrintView(page, ticketId);
    for (const section of await expectedSections(page, ticketId))
      expect(await page.getByRole('region', { name: section }).count(), section).toBe(1);
    const conversation = page.getByRole('region', { name: W.sections.conversation });
    expect(await conversation.getByText(EVERYONE_NOTE).count()).toBe(1);
    expect(await page.getByText(STAFF_NOTE).count()).toBe(0);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'work-order-contractor-phone');
    await page.context().close();
  });

  it('opens the print dialog once, when asked and loaded', async () => {
    const page = await manager.context().newPage();
    await page.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed++;
      };
    });
    await openPrintView(page, ticketId, true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.close();
  });
});

describe('the ticket details on a 390 px phone', () => {
  it('offer Print work order and Download PDF with a choice of paper', async () => {
    const page = await newPhonePage(browser);
    await signIn(page, DEMO.plumber);
    await page.goto(`/tickets/${ticketId}`);
    const print = page.getByRole('link', { name: W.print });
    await print.waitFor();
    expect(await print.getAttribute('href')).toBe(workOrderPrintPath(ticketId, true));
    expect(await print.getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: W.download }).click();
    for (const paper of ['a4', 'letter'] as const) {
      const item = page.getByRole('menuitem', { name: W.papers[paper] });
      await item.waitFor();
      expect(await item.getAttribute('href')).toBe(workOrderPdfPath(ticketId, paper));
    }
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'work-order-actions-phone');
    // The link downloads the server's PDF with the page's session.
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: W.papers.a4 }).click();
    expect((await download).suggestedFilename()).toBe(`work-order-${ticketId}.pdf`);
    await page.context().close();
  });
});

/** The printable width of a paper under the print view's @page margins (14 mm each side), in CSS pixels. */
const printableWidth = (paper: 'a4' | 'letter') =>
  Math.floor(((PAPER_POINTS[paper].width / 72) * 25.4 - 28) * (96 / 25.4));

describe('printed by Chromium', () => {
  it.each(['a4', 'letter'] as const)(
    'on %s: nothing past the printable width, every section printed',
    async (paper) => {
      const page = await manager.context().newPage();
      await page.setViewportSize({ width: printableWidth(paper), height: 1000 });
      await page.emulateMedia({ media: 'print' });
      await openPrintView(page, ticketId);
      // Under print media at the printable width: no section wider than the page, nothing scrolling inside one.
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll('article section, article header')].map((element) => ({
          name: element.getAttribute('aria-label') ?? element.tagName,
          right: element.getBoundingClientRect().right,
          overflow: element.scrollWidth - element.clientWidth,
        })),
      );
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      for (const box of boxes) {
        expect(box.right, box.name).toBeLessThanOrEqual(width);
        expect(box.overflow, box.name).toBeLessThanOrEqual(0);
      }
      expect(await overflow(page)).toBe(0);
      // The buttons are not printed.
      expect(await page.getByRole('button', { name: W.printNow }).isVisible()).toBe(false);

      const pdf = await page.pdf({ format: paper === 'a4' ? 'A4' : 'Letter', printBackground: true });
      const printedPdf = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
      let text = '';
      for (let number = 1; number <= printedPdf.numPages; number++) {
        const printed = await printedPdf.getPage(number);
        const [, , pageWidth, pageHeight] = printed.view;
        // Chromium's A4 is 8.27 × 11.7 in, a fraction of a point off ISO's.
        expect(Math.abs(pageWidth - PAPER_POINTS[paper].width), `${paper} width`).toBeLessThan(1);
        expect(Math.abs(pageHeight - PAPER_POINTS[paper].height), `${paper} height`).toBeLessThan(1);
        for (const item of (await printed.getTextContent()).items) {
          if (!('str' in item) || !item.str.trim()) continue;
          const x = item.transform[4];
          expect(x, item.str).toBeGreaterThanOrEqual(0);
          expect(x + item.width, item.str).toBeLessThanOrEqual(pageWidth + 0.5);
          text += `${item.str} `;
        }
      }
      await printedPdf.destroy();
      // Without spaces: the reader splits ligatures ("ff" of "Staff") into pieces of their own.
      const squash = (words: string) => words.replace(/\s+/g, '');
      const flat = squash(text);
      for (const section of await expectedSections(page, ticketId))
        expect(flat, section).toContain(squash(section));
      expect(flat).toContain(squash(STAFF_NOTE));
      expect(flat).not.toContain(squash(W.printNow));
      expect(flat).toContain(squash(format(W.heading, { id: String(ticketId).padStart(3, '0') })));
      await page.close();
    },
  );
});
