/** The conversation of a ticket's details as the browser journeys find it (conversation, email replies). */
import { en } from '@mend/shared';
import type { Locator, Page } from 'playwright-core';
import { appReady } from './browser';

const C = en.screens.comments;

/** The ticket's details panel, opened by its address, once its conversation has loaded. */
export async function openTicket(page: Page, id: number): Promise<Locator> {
  await page.goto(`/tickets/${id}`);
  await appReady(page);
  const details = page.getByRole('dialog', { name: en.titles.ticketDetails });
  await details.getByRole('heading', { name: C.title }).waitFor();
  await composer(details).getByRole('textbox', { name: C.label }).waitFor();
  return details;
}

/** The comment form of the details. */
export function composer(details: Locator): Locator {
  return details.getByRole('form', { name: C.label });
}

/** The comment of the conversation holding `text`. */
export function comment(details: Locator, text: string): Locator {
  return details.locator('[data-comment]').filter({ hasText: text });
}
