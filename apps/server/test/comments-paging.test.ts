/**
 * A ticket's thread a page at a time (issue 25): GET tickets/{id}/comments answers the newest `limit` comments the
 * viewer may read (before the comment `before` when given), oldest first, and `has_earlier`. Walking back through
 * the pages gives every readable comment once, in the thread's order (time, then id, which differ from the ids'
 * own order when two posts cross), pages are filled from readable comments only, a cursor the viewer may not use
 * tells nothing, an unreadable query is not given (never a 500), and every page is one statement read through the
 * thread's index.
 */
import { type ApiTicketCommentList, COMMENT_PAGE_SIZE, type CommentVisibility } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TicketCommentRow, ticketCommentFiles, ticketComments, type UserRow } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import {
  type CapturedStatement,
  expectOnePageStatement,
  explain,
  statementRecorder,
} from './helpers/statements';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let ticketId: number;
/** The thread's comments in its order: time, then id. */
let thread: TicketCommentRow[];
/** A comment of the tenant's other ticket, and one of a ticket of another landlord. */
let otherTicketComment: number;
let otherLandlordComment: number;

const MINUTE = 60_000;
const THREAD_LENGTH = 50;
const commentsUrl = (id = ticketId) => `/api/tickets/${id}/comments`;

/**
 * The i-th comment's visibility: the three oldest for staff only (so the tenant's oldest page has nothing older it
 * may read, though older comments exist), then by turns for everyone, the contractor and staff.
 */
function visibilityOf(i: number): CommentVisibility {
  if (i < 3) return 'staff';
  return (['everyone', 'contractor', 'staff', 'everyone'] as const)[i % 4];
}

async function insertComments(
  ticket: number,
  author: UserRow,
  times: Date[],
  visibility?: CommentVisibility,
) {
  return t.db
    .insert(ticketComments)
    .values(
      times.map((createdAt, i) => ({
        ticketId: ticket,
        userId: author.id,
        body: `Comment ${i}`,
        visibility: visibility ?? visibilityOf(i),
        createdAt,
      })),
    )
    .returning();
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const n = w.north;
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  ticketId = ticket.id;
  const start = Date.now() - 2 * THREAD_LENGTH * MINUTE;
  const times = Array.from({ length: THREAD_LENGTH }, (_, i) => new Date(start + i * MINUTE));
  // Posted in the other order than written: the 21st is older than the 20th, whose id is smaller.
  times[21] = new Date(times[20].getTime() - 30_000);
  // Posted in the same millisecond: the id decides.
  times[31] = times[30];
  const rows = await insertComments(ticketId, n.manager, times);
  thread = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  expect(thread.map((row) => row.id)).not.toEqual(rows.map((row) => row.id));
  // Files on a few comments (rows only: the thread lists them, never opens them).
  await t.db.insert(ticketCommentFiles).values(
    rows
      .filter((_, i) => i % 7 === 0)
      .flatMap((row) =>
        [0, 1].map((position) => ({
          commentId: row.id,
          storageKey: `tickets/${ticketId}/comment-${row.id}-${position}.png`,
          thumbnailKey: null,
          mimeType: 'image/png',
          sizeBytes: 100,
          originalName: `photo-${row.id}-${position}.png`,
          position,
        })),
      ),
  );
  const other = await insertTicket(t.db, { unit: n.unit, tenant: n.tenant, recipients: [n.manager] });
  [{ id: otherTicketComment }] = await insertComments(other.id, n.manager, [new Date()], 'everyone');
  const south = await insertTicket(t.db, { unit: w.south.unit, tenant: w.south.tenant });
  [{ id: otherLandlordComment }] = await insertComments(south.id, w.south.manager, [new Date()], 'everyone');
});
afterAll(() => t?.close());

async function page(user: UserRow, query = ''): Promise<ApiTicketCommentList> {
  const response = await (await clientFor(t, user)).get(`${commentsUrl()}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page as the screen asks for them: the newest, then each before the oldest comment shown. */
async function walk(user: UserRow, limit: number): Promise<ApiTicketCommentList[]> {
  const pages: ApiTicketCommentList[] = [];
  let before: number | undefined;
  for (let n = 0; n <= THREAD_LENGTH; n++) {
    const answer = await page(user, `?limit=${limit}${before === undefined ? '' : `&before=${before}`}`);
    pages.push(answer);
    if (!answer.has_earlier) return pages;
    before = answer.data[0].id;
  }
  throw new Error('The pages never ended');
}

const idsOf = (answer: ApiTicketCommentList) => answer.data.map((comment) => comment.id);
const readableBy = (visibilities: CommentVisibility[]) =>
  thread.filter((row) => visibilities.includes(row.visibility)).map((row) => row.id);

describe('the pages of a thread', () => {
  const roles = () =>
    [
      ['the super admin', w.admin, ['everyone', 'contractor', 'staff']],
      ['a manager', w.north.manager, ['everyone', 'contractor', 'staff']],
      ['the contractor', w.north.plumber, ['everyone', 'contractor']],
      ['the tenant', w.north.tenant, ['everyone']],
    ] as const;

  it('walked back, give every comment the viewer may read once, in order, in full pages of those only', async () => {
    for (const [name, user, visibilities] of roles()) {
      const expected = readableBy([...visibilities]);
      // One at a time (every page full, the last too), a few, the whole thread in one page or with one to
      // spare, and the largest page.
      const limits = new Set([1, 7, expected.length, expected.length + 1, COMMENT_PAGE_SIZE]);
      for (const limit of [...limits].filter((size) => size <= COMMENT_PAGE_SIZE)) {
        const pages = await walk(user, limit);
        const context = `${name}, limit ${limit}`;
        expect([...pages].reverse().flatMap(idsOf), context).toEqual(expected);
        expect(Math.ceil(expected.length / limit), context).toBe(pages.length);
        // Every page full but the oldest; each page oldest first (the order of `expected`).
        for (const [i, answer] of pages.entries()) {
          expect(answer.data.length, `${context}, page ${i + 1}`).toBe(
            i < pages.length - 1 ? limit : expected.length - limit * (pages.length - 1),
          );
          expect(answer.has_earlier, `${context}, page ${i + 1}`).toBe(i < pages.length - 1);
          expect(answer.visibilities, context).toEqual(visibilities);
          for (const comment of answer.data) expect(visibilities, context).toContain(comment.visibility);
        }
      }
    }
  });

  it('opens with the newest COMMENT_PAGE_SIZE, which is also the most a limit gets', async () => {
    const newest = readableBy(['everyone', 'contractor', 'staff']).slice(-COMMENT_PAGE_SIZE);
    for (const query of ['', '?limit=1000', `?limit=${COMMENT_PAGE_SIZE + 1}`]) {
      const answer = await page(w.north.manager, query);
      expect(idsOf(answer), query).toEqual(newest);
      expect(answer.has_earlier, query).toBe(true);
    }
  });

  it("says no earlier comments when the older ones are not the viewer's to read", async () => {
    const tenantSees = readableBy(['everyone']);
    // The three oldest comments are staff notes: the tenant's oldest page is the last.
    const oldest = await page(w.north.tenant, `?limit=3&before=${tenantSees[3]}`);
    expect(idsOf(oldest)).toEqual(tenantSees.slice(0, 3));
    expect(oldest.has_earlier).toBe(false);
    const staffSee = await page(w.north.manager, `?limit=3&before=${tenantSees[0]}`);
    expect(staffSee.data.length).toBeGreaterThan(0);
  });

  it('carries the files of its comments, in upload order, and none of another', async () => {
    const all = (await walk(w.admin, 4)).flatMap((answer) => answer.data);
    const files = await t.db.select().from(ticketCommentFiles);
    for (const comment of all) {
      const own = files.filter((file) => file.commentId === comment.id);
      expect(comment.attachments.map((file) => file.original_name)).toEqual(
        own.sort((a, b) => a.position - b.position).map((file) => file.originalName),
      );
    }
    expect(all.filter((comment) => comment.attachments.length > 0).length).toBeGreaterThan(3);
  });
});

describe('a cursor the viewer may not use', () => {
  it('starts no page: a comment of another ticket, a staff note for the tenant, one that does not exist', async () => {
    const empty = { data: [], has_earlier: false, visibilities: ['everyone'] };
    const staffNote = thread.find((row) => row.visibility === 'staff' && row.id > thread[10].id)!;
    const contractorNote = thread.find((row) => row.visibility === 'contractor')!;
    for (const before of [
      otherTicketComment,
      otherLandlordComment,
      staffNote.id,
      contractorNote.id,
      2_000_000,
    ])
      expect(await page(w.north.tenant, `?before=${before}`), `before=${before}`).toEqual(empty);
    // The contractor reads its notes but not the staff's.
    expect(await page(w.north.plumber, `?before=${staffNote.id}`)).toEqual({
      ...empty,
      visibilities: ['everyone', 'contractor'],
    });
    expect((await page(w.north.plumber, `?before=${contractorNote.id}`)).data.length).toBeGreaterThan(0);
    // Staff may start from it.
    expect((await page(w.north.manager, `?before=${staffNote.id}`)).data.length).toBeGreaterThan(0);
  });

  it('starts no page once the comment is deleted', async () => {
    const [row] = await insertComments(ticketId, w.north.manager, [new Date(0)], 'everyone');
    expect((await page(w.north.tenant, `?before=${row.id}`)).data).toEqual([]);
    await t.db.delete(ticketComments).where(eq(ticketComments.id, row.id));
    expect(await page(w.north.tenant, `?before=${row.id}`)).toEqual({
      data: [],
      has_earlier: false,
      visibilities: ['everyone'],
    });
  });

  it('of a ticket the viewer does not see, is still a 404', async () => {
    const response = await (await clientFor(t, w.south.manager)).get(
      `${commentsUrl()}?before=${thread[40].id}`,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('an unreadable query', () => {
  it('is not given: the newest page, never a 500', async () => {
    const newest = await page(w.north.manager);
    const queries = [
      'limit=0',
      'limit=-1',
      'limit=abc',
      'limit=1.5',
      'limit=1e3',
      'limit=99999999999999999999',
      'limit[]=3',
      'limit=3&limit=4',
      'before=abc',
      'before=0',
      'before=-1',
      'before=1.5',
      'before=1e3',
      'before=99999999999',
      'before=2147483648',
      `before=${encodeURIComponent("1' OR '1'='1")}`,
      'before=%00',
      'before[]=1',
      'before=1&before=2',
      'before=',
    ];
    for (const query of queries) {
      const response = await (await clientFor(t, w.north.manager)).get(`${commentsUrl()}?${query}`);
      expect(response.statusCode, `${query}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.json(), query).toEqual(newest);
    }
  });
});

describe('each page', () => {
  it('is one statement besides the session lookup, the first and the earlier ones, for every role', async () => {
    const earlier = `?limit=5&before=${thread[40].id}`;
    for (const user of [w.admin, w.north.manager, w.north.plumber, w.north.tenant])
      await expectOnePageStatement(t.db, await clientFor(t, user), [commentsUrl(), commentsUrl() + earlier]);
  });

  it("is read through the thread's index, backwards from where it starts", async () => {
    const recorder = statementRecorder(t.db);
    const client = await clientFor(t, w.north.tenant);
    for (const query of ['', `?before=${thread[40].id}`]) {
      const [statement] = (
        await recorder.during(async () => {
          expect((await client.get(commentsUrl() + query)).statusCode).toBe(200);
        })
      ).filter((captured) => captured.text.includes('ticket_comments'));
      const plan = await planOf(statement);
      expect(plan, query).toMatch(
        /Index Scan Backward using ticket_comments_ticket_id_created_at_idx on ticket_comments c/,
      );
      // The page starts in the index, not after reading the thread's newer comments.
      if (query)
        expect(plan, query).toMatch(
          /Index Cond: \(\(ticket_id = [^)]+\) AND \(ROW\(created_at, id\) < ROW\(/,
        );
    }
  });
});

/** The plan of a captured statement with sequential scans and sorts priced out. */
const planOf = (statement: CapturedStatement) => explain(t.db, statement, ['seqscan', 'sort']);
