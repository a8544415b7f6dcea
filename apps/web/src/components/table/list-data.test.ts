import { describe, expect, it } from 'vitest';
import { readListResponse } from './list-data';

describe('readListResponse', () => {
  it('reads rows and the total of a page', () => {
    expect(
      readListResponse({
        ok: true,
        status: 200,
        data: { data: [{ id: 1 }], meta: { total: 31, page: 1, per_page: 10 } },
      }),
    ).toEqual({ rows: [{ id: 1 }], total: 31, capped: false, message: null });
  });

  it('reads a total the server stopped counting at', () => {
    const result = readListResponse({
      ok: true,
      status: 200,
      data: { data: [{ id: 1 }], meta: { total: 10_000, page: 1, per_page: 10, total_capped: true } },
    });
    expect(result).toMatchObject({ total: 10_000, capped: true });
  });

  it('counts the rows when there is no meta', () => {
    expect(readListResponse({ ok: true, status: 200, data: { data: [{ id: 1 }, { id: 2 }] } })?.total).toBe(
      2,
    );
  });

  it('turns an error flag into the empty text, whatever the status', () => {
    expect(
      readListResponse({ ok: true, status: 200, data: { error: true, message: 'No tickets yet' } }),
    ).toEqual({
      rows: [],
      total: 0,
      capped: false,
      message: 'No tickets yet',
    });
    expect(
      readListResponse({ ok: false, status: 403, data: { error: true, message: 'Not yours' } })?.message,
    ).toBe('Not yours');
  });

  it('answers null for failures and odd bodies', () => {
    expect(readListResponse({ ok: false, status: 500, data: { message: 'boom' } })).toBeNull();
    expect(readListResponse({ ok: true, status: 200, data: '<html>' as unknown as object })).toBeNull();
    expect(readListResponse({ ok: false, status: 0, data: { error: true } })).toBeNull();
  });
});
