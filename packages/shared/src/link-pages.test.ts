import { describe, expect, it } from 'vitest';
import { LINK_PAGES, type LinkPage, linkPagePath, linkPageRoute, readLinkPagePath } from './link-pages';

describe('link pages', () => {
  it('reads back every page and token it writes, with or without a query, a fragment or a final slash', () => {
    for (const page of Object.keys(LINK_PAGES) as LinkPage[]) {
      const path = linkPagePath(page, 'a.B-c_9');
      expect(readLinkPagePath(path)).toEqual({ page, token: 'a.B-c_9' });
      expect(readLinkPagePath(`${path}?email=a%40b.test`)).toEqual({ page, token: 'a.B-c_9' });
      expect(readLinkPagePath(`${path}/#top`)).toEqual({ page, token: 'a.B-c_9' });
    }
    expect(linkPagePath('passwordReset', 'f00')).toBe('/password/reset/f00');
    expect(linkPageRoute('approval')).toBe('/approvals/:token');
  });

  it('names no page for any other address', () => {
    for (const address of [
      '/',
      '/signoff',
      '/signoff/',
      '/signoff/a/b',
      '/tickets/12',
      '/reset/abc',
      '/password/abc',
      '/x/signoff/abc',
      '/approvals?x=/approvals/abc',
    ]) {
      expect(readLinkPagePath(address)).toBeNull();
    }
  });
});
