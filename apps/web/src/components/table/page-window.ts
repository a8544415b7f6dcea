/** Paging arithmetic of the list tables (SPEC.md section 9: page size 10, a window of 3 page numbers). */
import { PAGE_SIZE, PAGE_WINDOW } from '@mend/shared';

/** How many pages `total` rows fill (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, perPage: number = PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/** `page` kept within 1..count. */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, count));
}

/**
 * The page numbers to show as buttons: `size` consecutive pages with the current one in the middle
 * where possible, shifted at either end so the window stays full (4 of 10 -> [3, 4, 5]; 1 -> [1, 2, 3];
 * 10 -> [8, 9, 10]); fewer when there are fewer pages.
 */
export function pageWindow(page: number, count: number, size: number = PAGE_WINDOW): number[] {
  if (count < 1 || size < 1) return [];
  const length = Math.min(size, count);
  const current = clampPage(page, count);
  const start = Math.min(Math.max(1, current - Math.floor((length - 1) / 2)), count - length + 1);
  return Array.from({ length }, (_, i) => start + i);
}

/** 1-based positions of the first and last row shown on `page` ({from: 0, to: 0} for no rows). */
export function rowRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total) };
}
