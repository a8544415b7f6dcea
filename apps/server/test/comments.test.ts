/**
 * The conversation on a ticket (issue 25): posting and listing, who reads which visibility, the author's 15-minute
 * edit window (on the app's clock, moved here), deleting with its activity-log line, the files (checked, re-encoded,
 * stored, served, refused, removed), the notifications and outbox messages each comment queues and to whom, and
 * nothing half-written when a file or the database refuses a comment. The thread is one statement.
 */
import path from 'node:path';
import {
  type ApiTicketComment,
  type ApiTicketCommentList,
  COMMENT_EDIT_MINUTES,
  COMMENT_MAX_LENGTH,
  ERROR_CODE,
  en,
  format,
} from '@mend/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notifications,
  outboxMessages,
  ticketCommentFiles,
  ticketComments,
  ticketLog,
  type UserRow,
  users,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { expectOnePageStatement } from './helpers/statements';
import {
  ALL_CHANNELS,
  clientFor,
  createPerson,
  createWorld,
  file,
  filesUnder,
  insertTicket,
  jpegWithGps,
  pdfFile,
  pngImage,
  type World,
} from './helpers/ticket-factories';

let t: TestApp;
let w: World;
/** The app's clock: tests move it past the edit window. */
let clock = new Date();
let ticketId: number;
/** A second manager of the north landlord (staff, not the one who posts). */
let manager2: UserRow;
let png: Buffer;

const MINUTE = 60_000;
const commentsUrl = (id = ticketId) => `/api/tickets/${id}/comments`;
const commentUrl = (id: number) => `${commentsUrl()}/${id}`;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  const n = w.north;
  // Everyone on the ticket hears of everything, so the outbox shows who was told.
  await t.db.update(users).set({ notificationOptions: ALL_CHANNELS }).where(eq(users.id, n.tenant.id));
  manager2 = await createPerson(t.db, 1, n.landlord.id, 'Grace', 'Manager', {
    notificationOptions: ALL_CHANNELS,
  });
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    title: 'Dripping tap',
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  ticketId = ticket.id;
  png = await pngImage();
});
afterAll(() => t.close());

beforeEach(() => {
  clock = new Date();
});

const as = (user: UserRow) => clientFor(t, user);

async function post(user: UserRow, body: Record<string, unknown>): Promise<ApiTicketComment> {
  const response = await (await as(user)).post(commentsUrl(), body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(en.tickets.comments.posted);
  return response.json().data;
}

async function list(user: UserRow, id = ticketId): Promise<ApiTicketCommentList> {
  const response = await (await as(user)).get(commentsUrl(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (answer: ApiTicketCommentList) => answer.data.map((comment) => comment.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** The users some rows are for, once each, by id. */
const usersOf = (rows: { userId: number | null }[]) =>
  sorted([...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))]);

/** The ticket's comment rows and every stored file of the ticket's folder, as the database and disk hold them. */
async function stored() {
  const rows = await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticketId));
  const files = await t.db
    .select()
    .from(ticketCommentFiles)
    .where(
      inArray(
        ticketCommentFiles.commentId,
        rows.map((row) => row.id),
      ),
    );
  return { rows, files, onDisk: filesUnder(path.join(t.uploadsDir, 'tickets', String(ticketId))) };
}

describe('posting and reading', () => {
  it('a tenant comments on its ticket and reads it back, oldest first', async () => {
    const first = await post(w.north.tenant, {
      body: '  Still dripping.\r\nSince Monday. ',
      visibility: 'everyone',
    });
    clock = new Date(clock.getTime() + 1000);
    const second = await post(w.north.tenant, { body: 'Any news?', visibility: 'everyone' });
    expect(first).toMatchObject({
      ticket_id: ticketId,
      body: 'Still dripping.\nSince Monday.',
      visibility: 'everyone',
      author: { id: w.north.tenant.id, name: 'Jane Tenant', avatar: null, role_name: 'Tenant' },
      attachments: [],
      edited_at_timestamp: null,
      can_edit: true,
      can_delete: true,
    });
    expect(first.editable_until_timestamp - first.created_at_timestamp).toBe(COMMENT_EDIT_MINUTES * 60);
    const answer = await list(w.north.tenant);
    expect(idsOf(answer).slice(-2)).toEqual([first.id, second.id]);
    expect(answer.visibilities).toEqual(['everyone']);
  });

  it('answers each role the visibilities it may post with', async () => {
    expect((await list(w.admin)).visibilities).toEqual(['everyone', 'contractor', 'staff']);
    expect((await list(w.north.manager)).visibilities).toEqual(['everyone', 'contractor', 'staff']);
    expect((await list(w.north.plumber)).visibilities).toEqual(['everyone', 'contractor']);
  });

  it('reads JSON bodies and the _method override as well as multipart', async () => {
    const json = await (await as(w.north.plumber)).send(
      'POST',
      commentsUrl(),
      { body: 'On my way', visibility: 'contractor' },
      { json: true },
    );
    expect(json.statusCode, json.body).toBe(201);
    const id = json.json().data.id;
    const edited = await (await as(w.north.plumber)).post(commentUrl(id), {
      _method: 'PATCH',
      body: 'There at 3',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: en.tickets.comments.updated,
      data: { body: 'There at 3' },
    });
  });

  it('a repeated _nonce posts once and answers the first answer', async () => {
    const client = await as(w.north.tenant);
    const body = { body: 'Sent twice?', visibility: 'everyone', _nonce: 'commentNc1' };
    const first = await client.post(commentsUrl(), body);
    const again = await client.post(commentsUrl(), body);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db.select().from(ticketComments).where(eq(ticketComments.body, 'Sent twice?'));
    expect(rows).toHaveLength(1);
  });
});

describe('who reads which visibility', () => {
  let comments: Record<'everyone' | 'contractor' | 'staff', number>;

  beforeAll(async () => {
    const ticket = await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      category: w.plumbing,
      recipients: [w.north.plumber, w.north.manager],
    });
    ticketId = ticket.id;
    comments = {
      everyone: (await post(w.north.manager, { body: 'For all', visibility: 'everyone' })).id,
      contractor: (await post(w.north.manager, { body: 'For the plumber', visibility: 'contractor' })).id,
      staff: (await post(w.north.manager, { body: 'Between us', visibility: 'staff' })).id,
    };
  });

  it('staff read all three, the contractor two, the tenant one', async () => {
    const all = [comments.everyone, comments.contractor, comments.staff];
    expect(idsOf(await list(w.admin))).toEqual(all);
    expect(idsOf(await list(w.north.manager))).toEqual(all);
    expect(idsOf(await list(manager2))).toEqual(all);
    expect(idsOf(await list(w.north.plumber))).toEqual([comments.everyone, comments.contractor]);
    expect(idsOf(await list(w.north.tenant))).toEqual([comments.everyone]);
  });

  it('the thread is read in one statement besides the session lookup, for every role', async () => {
    for (const user of [w.admin, w.north.manager, w.north.plumber, w.north.tenant])
      await expectOnePageStatement(t.db, await as(user), [commentsUrl()]);
  });

  it('a comment the viewer may not read is a 404 to edit or delete, like one that does not exist', async () => {
    const tenant = await as(w.north.tenant);
    for (const id of [comments.contractor, comments.staff, 2_000_000]) {
      expect((await tenant.post(commentUrl(id), { _method: 'PATCH', body: 'x' })).statusCode).toBe(404);
      expect((await tenant.post(commentUrl(id), { _method: 'DELETE' })).statusCode).toBe(404);
    }
    const plumber = await as(w.north.plumber);
    expect((await plumber.post(commentUrl(comments.staff), { _method: 'DELETE' })).statusCode).toBe(404);
    expect(
      await t.db.select().from(ticketComments).where(eq(ticketComments.id, comments.staff)),
    ).toHaveLength(1);
  });

  it('people off the ticket get 404 for its conversation', async () => {
    for (const user of [w.south.manager, w.north.tenant2, w.north.electrician, w.south.plumber]) {
      const client = await as(user);
      expect((await client.get(commentsUrl())).statusCode).toBe(404);
      expect((await client.post(commentsUrl(), { body: 'Hi', visibility: 'everyone' })).statusCode).toBe(404);
    }
    expect((await (await as(w.admin)).get(commentsUrl(2_000_000))).statusCode).toBe(404);
  });

  it('a visibility the role may not use is a field error; nothing is stored', async () => {
    const before = (await stored()).rows.length;
    const cases: Array<[UserRow, string]> = [
      [w.north.tenant, 'contractor'],
      [w.north.tenant, 'staff'],
      [w.north.plumber, 'staff'],
      [w.north.manager, 'managers'],
    ];
    for (const [user, visibility] of cases) {
      const response = await (await as(user)).post(commentsUrl(), { body: 'Hello', visibility });
      expect(response.statusCode, `${visibility} as ${user.firstName}`).toBe(422);
      expect(response.json()).toEqual({
        code: ERROR_CODE.validationFailed,
        message: en.errors.validation,
        errors: { visibility: [en.validation.commentVisibility] },
      });
    }
    expect((await stored()).rows).toHaveLength(before);
  });

  it('every problem of a form is answered at once, one message per field', async () => {
    const client = await as(w.north.tenant);
    const empty = await client.post(commentsUrl(), { body: '   ', visibility: 'staff' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: [en.validation.commentBody] });
    const long = await client.post(commentsUrl(), {
      body: 'x'.repeat(COMMENT_MAX_LENGTH + 1),
      visibility: 'x',
    });
    expect(long.json().errors).toEqual({
      body: [format(en.validation.commentTooLong, { max: COMMENT_MAX_LENGTH })],
      visibility: [en.validation.commentVisibility],
    });
    const files = Array.from({ length: 6 }, (_, i) => file(png, `${i}.png`, 'image/png'));
    const tooMany = await client.post(commentsUrl(), {
      body: '',
      visibility: 'everyone',
      attachments: files,
    });
    expect(tooMany.json().errors).toEqual({
      body: [en.validation.commentBody],
      attachments: [en.errors.tooManyFiles],
    });
  });
});

describe('the edit window', () => {
  let comment: ApiTicketComment;

  beforeAll(async () => {
    comment = await post(w.north.tenant, { body: 'Typo hree', visibility: 'everyone' });
  });

  it('its author edits it within the window; edited_at is set from the clock', async () => {
    clock = new Date(clock.getTime() + 14 * MINUTE);
    const response = await (await as(w.north.tenant)).send('PATCH', commentUrl(comment.id), {
      body: 'Typo here',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: comment.id,
      body: 'Typo here',
      edited_at_timestamp: Math.floor(clock.getTime() / 1000),
      can_edit: true,
    });
  });

  it('nobody else edits it, staff included (403 forbidden)', async () => {
    for (const user of [w.north.manager, w.admin, w.north.plumber]) {
      const response = await (await as(user)).post(commentUrl(comment.id), {
        _method: 'PATCH',
        body: 'Mine',
      });
      expect(response.statusCode, user.firstName).toBe(403);
      expect(response.json()).toEqual({ code: ERROR_CODE.forbidden, message: en.tickets.comments.notYours });
    }
  });

  it('the edit is checked before the form: a refused author learns about the window, not the form', async () => {
    clock = new Date(Date.now() + (COMMENT_EDIT_MINUTES + 1) * MINUTE);
    const response = await (await as(w.north.tenant)).post(commentUrl(comment.id), {
      _method: 'PATCH',
      body: '',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: ERROR_CODE.editWindowClosed,
      message: format(en.tickets.comments.editWindowClosed, { minutes: COMMENT_EDIT_MINUTES }),
    });
  });

  it('past the window its author may neither edit nor delete it; the list says so', async () => {
    clock = new Date(Date.now() + (COMMENT_EDIT_MINUTES + 1) * MINUTE);
    const client = await as(w.north.tenant);
    const edit = await client.post(commentUrl(comment.id), { _method: 'PATCH', body: 'Too late' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe(ERROR_CODE.editWindowClosed);
    const remove = await client.post(commentUrl(comment.id), { _method: 'DELETE' });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().code).toBe(ERROR_CODE.editWindowClosed);
    const shown = (await list(w.north.tenant)).data.find((c) => c.id === comment.id);
    expect(shown).toMatchObject({ body: 'Typo here', can_edit: false, can_delete: false });
    // Staff may still delete it.
    const asManager = (await list(w.north.manager)).data.find((c) => c.id === comment.id);
    expect(asManager).toMatchObject({ can_edit: false, can_delete: true });
  });
});

describe('deleting', () => {
  const logOf = () =>
    t.db
      .select()
      .from(ticketLog)
      .where(and(eq(ticketLog.ticketId, ticketId), eq(ticketLog.action, 'comment_deleted')))
      .orderBy(asc(ticketLog.id));

  it('its author deletes it within the window; the activity log keeps a line', async () => {
    const comment = await post(w.north.tenant, { body: 'Wrong ticket, sorry', visibility: 'everyone' });
    const before = (await logOf()).length;
    const response = await (await as(w.north.tenant)).post(commentUrl(comment.id), { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: en.tickets.comments.deleted });
    expect(await t.db.select().from(ticketComments).where(eq(ticketComments.id, comment.id))).toEqual([]);
    const log = await logOf();
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({
      userId: w.north.tenant.id,
      description: en.tickets.log.commentDeleted,
      data: { comment_id: comment.id, visibility: 'everyone', author_id: w.north.tenant.id },
    });
    // The ticket's activity log shows it.
    const detail = (await (await as(w.north.tenant)).get(`/api/tickets/${ticketId}`)).json();
    expect(detail.log[0]).toMatchObject({ action: 'comment_deleted', user: { id: w.north.tenant.id } });
  });

  it('staff delete anyone’s comment at any time; the line names whose it was', async () => {
    const comment = await post(w.north.plumber, { body: 'Parts ordered', visibility: 'contractor' });
    clock = new Date(Date.now() + 60 * MINUTE);
    const response = await (await as(manager2)).send('DELETE', commentUrl(comment.id));
    expect(response.statusCode, response.body).toBe(200);
    expect((await logOf()).at(-1)).toMatchObject({
      userId: manager2.id,
      description: format(en.tickets.log.commentOfDeleted, { name: 'Marco Plumber' }),
      data: { comment_id: comment.id, visibility: 'contractor', author_id: w.north.plumber.id },
    });
  });

  it('a deleted comment’s line shows only to those who could read the comment', async () => {
    const deletedLines = async (user: UserRow) => {
      const detail = (await (await as(user)).get(`/api/tickets/${ticketId}`)).json();
      return detail.log.filter((entry: { action: string }) => entry.action === 'comment_deleted').length;
    };
    const readers = [manager2, w.north.tenant, w.north.plumber];
    const before = await Promise.all(readers.map(deletedLines));
    const comment = await post(w.north.manager, { body: 'Tenant owes for last repair', visibility: 'staff' });
    const response = await (await as(w.north.manager)).send('DELETE', commentUrl(comment.id));
    expect(response.statusCode, response.body).toBe(200);
    const after = await Promise.all(readers.map(deletedLines));
    // Staff see the line; the tenant and the contractor, who never saw the comment, do not.
    expect(after).toEqual([before[0] + 1, before[1], before[2]]);
  });

  it('others may not delete it (403); nothing changes', async () => {
    const comment = await post(w.north.manager, { body: 'Tenant sees this', visibility: 'everyone' });
    for (const user of [w.north.tenant, w.north.plumber]) {
      const response = await (await as(user)).post(commentUrl(comment.id), { _method: 'DELETE' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ERROR_CODE.forbidden);
    }
    expect(await t.db.select().from(ticketComments).where(eq(ticketComments.id, comment.id))).toHaveLength(1);
  });

  it('a deleted author’s comments stay, without their author', async () => {
    const leaving = await createPerson(t.db, 1, w.north.landlord.id, 'Leaving', 'Manager');
    const comment = await post(leaving, { body: 'Handing over', visibility: 'staff' });
    await t.db.delete(users).where(eq(users.id, leaving.id));
    const shown = (await list(w.north.manager)).data.find((c) => c.id === comment.id);
    expect(shown).toMatchObject({ author: null, can_edit: false, can_delete: true });
  });
});

describe('files', () => {
  it('are checked, re-encoded (no EXIF), stored under the ticket and served to whoever reads the comment', async () => {
    const jpeg = await jpegWithGps();
    const comment = await post(w.north.manager, {
      body: 'Photos of the leak',
      visibility: 'everyone',
      attachments: [file(jpeg, 'leak.jpg', 'image/jpeg'), file(pdfFile(), 'quote.pdf', 'application/pdf')],
    });
    expect(comment.attachments).toHaveLength(2);
    const [photo, pdf] = comment.attachments;
    expect(photo).toMatchObject({
      url: `${commentUrl(comment.id)}/attachments/${photo.id}`,
      thumbnail_url: `${commentUrl(comment.id)}/attachments/${photo.id}/thumbnail`,
      mime_type: 'image/jpeg',
      original_name: 'leak.jpg',
    });
    expect(pdf).toMatchObject({
      thumbnail_url: null,
      mime_type: 'application/pdf',
      original_name: 'quote.pdf',
    });
    for (const user of [w.north.tenant, w.north.plumber, w.admin]) {
      const client = await as(user);
      const image = await client.get(photo.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
      const thumbnail = await client.get(photo.thumbnail_url!);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect((await client.get(pdf.url)).headers['content-type']).toBe('application/pdf');
      expect((await client.get(`${pdf.url}/thumbnail`)).statusCode).toBe(404);
    }
    const rows = await t.db
      .select()
      .from(ticketCommentFiles)
      .where(eq(ticketCommentFiles.commentId, comment.id));
    expect(rows.map((row) => row.storageKey.startsWith(`tickets/${ticketId}/`))).toEqual([true, true]);
    // The public uploads route never serves the tickets folder.
    expect((await (await as(w.admin)).get(`/uploads/${rows[0].storageKey}`)).statusCode).toBe(404);
  });

  it('go with their ticket when it is deleted, at once', async () => {
    const doomed = await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      title: 'Raised twice',
      category: w.plumbing,
      recipients: [w.north.manager],
    });
    const manager = await as(w.north.manager);
    const posted = await manager.post(commentsUrl(doomed.id), {
      body: 'Same as the other one',
      visibility: 'everyone',
      attachments: [file(png, 'same.png', 'image/png')],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const folder = path.join(t.uploadsDir, 'tickets', String(doomed.id));
    expect(filesUnder(folder).length).toBeGreaterThan(0);
    const deleted = await manager.send('DELETE', `/api/tickets/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(filesUnder(folder)).toEqual([]);
  });

  it('of a comment the viewer may not read are 404, as are files named under another comment', async () => {
    const staff = await post(w.north.manager, {
      body: 'Invoice',
      visibility: 'staff',
      attachments: [file(png, 'invoice.png', 'image/png')],
    });
    const contractor = await post(w.north.manager, {
      body: 'Access code',
      visibility: 'contractor',
      attachments: [file(png, 'code.png', 'image/png')],
    });
    const staffFile = staff.attachments[0];
    const contractorFile = contractor.attachments[0];
    const plumber = await as(w.north.plumber);
    const tenant = await as(w.north.tenant);
    expect((await plumber.get(staffFile.url)).statusCode).toBe(404);
    expect((await plumber.get(staffFile.thumbnail_url!)).statusCode).toBe(404);
    expect((await plumber.get(contractorFile.url)).statusCode).toBe(200);
    expect((await tenant.get(contractorFile.url)).statusCode).toBe(404);
    expect((await tenant.get(staffFile.url)).statusCode).toBe(404);
    // The staff file's id under the contractor comment (which the plumber reads) is still not found.
    const swapped = `${commentUrl(contractor.id)}/attachments/${staffFile.id}`;
    expect((await plumber.get(swapped)).statusCode).toBe(404);
    expect((await (await as(w.admin)).get(swapped)).statusCode).toBe(404);
    expect((await (await as(w.north.manager)).get(staffFile.url)).statusCode).toBe(200);
  });

  it('are removed with their comment', async () => {
    const comment = await post(w.north.manager, {
      body: 'Wrong photo',
      visibility: 'everyone',
      attachments: [file(png, 'wrong.png', 'image/png')],
    });
    const before = (await stored()).onDisk;
    const [row] = await t.db
      .select()
      .from(ticketCommentFiles)
      .where(eq(ticketCommentFiles.commentId, comment.id));
    expect(before).toEqual(expect.arrayContaining([row.storageKey.split('/').slice(2).join('/')]));
    const response = await (await as(w.north.manager)).send('DELETE', commentUrl(comment.id));
    expect(response.statusCode).toBe(200);
    const after = await stored();
    expect(after.onDisk).toHaveLength(before.length - 2);
    expect(after.files.filter((file) => file.commentId === comment.id)).toEqual([]);
    expect((await (await as(w.north.manager)).get(comment.attachments[0].url)).statusCode).toBe(404);
  });
});

describe('nothing half-written', () => {
  it('a bad file refuses the whole comment: no row, no file', async () => {
    const before = await stored();
    const response = await (await as(w.north.tenant)).post(commentsUrl(), {
      body: 'With a fake picture',
      visibility: 'everyone',
      attachments: [
        file(png, 'good.png', 'image/png'),
        file(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png'),
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ attachments: [en.errors.fileType] });
    const tooBig = await (await as(w.north.tenant)).post(commentsUrl(), {
      body: 'Huge',
      visibility: 'everyone',
      attachments: [file(Buffer.concat([png, Buffer.alloc(1_000_001)]), 'huge.png', 'image/png')],
    });
    expect(tooBig.json().errors).toEqual({ attachments: [en.errors.fileTooBig] });
    expect(await stored()).toEqual(before);
  });

  it('a database failure after the files were stored leaves neither the comment, its files nor a message', async () => {
    await t.db.execute(sql`create function mend_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.db.execute(sql`create trigger mend_test_refuse before insert on ticket_comment_files
      for each row execute function mend_test_refuse()`);
    try {
      const before = await stored();
      const outboxBefore = await t.db.select().from(outboxMessages);
      const response = await (await as(w.north.tenant)).post(commentsUrl(), {
        body: 'Never written',
        visibility: 'everyone',
        attachments: [file(png, 'a.png', 'image/png'), file(png, 'b.png', 'image/png')],
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('refused by the test');
      expect(await stored()).toEqual(before);
      expect(await t.db.select().from(outboxMessages)).toEqual(outboxBefore);
    } finally {
      await t.db.execute(sql`drop trigger mend_test_refuse on ticket_comment_files`);
      await t.db.execute(sql`drop function mend_test_refuse()`);
    }
  });
});

describe('notifications', () => {
  /** Who was notified of the comment (in the app), and the outbox rows queued for it, by user and channel. */
  async function toldOf(commentId: number) {
    const outbox = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'ticket.commented'),
          sql`${outboxMessages.payload} ->> 'comment_id' = ${String(commentId)}`,
        ),
      )
      .orderBy(asc(outboxMessages.userId), asc(outboxMessages.channel));
    const notified = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.ticketId, ticketId))
      .orderBy(asc(notifications.id));
    return { outbox, notified };
  }

  beforeAll(async () => {
    const ticket = await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      title: 'Broken heater',
      category: w.plumbing,
      recipients: [w.north.plumber, w.north.manager],
    });
    ticketId = ticket.id;
  });

  it('everyone on the ticket but the author hears of an "everyone" comment, per their options', async () => {
    const comment = await post(w.north.tenant, {
      body: 'It is cold in here.\nPlease hurry.',
      visibility: 'everyone',
    });
    const { outbox, notified } = await toldOf(comment.id);
    const audience = sorted([w.north.manager.id, w.north.plumber.id, manager2.id]);
    expect(usersOf(notified)).toEqual(audience);
    expect(notified[0]).toMatchObject({
      title: format(en.tickets.notifications.newComment, { visible_id: String(ticketId).padStart(3, '0') }),
      subtitle: 'North Towers · North 101',
      description: 'Jane Tenant: It is cold in here. Please hurry.',
      link: `/tickets/${ticketId}`,
    });
    expect(outbox.map((row) => [row.userId, row.channel])).toEqual(
      audience.flatMap((id) => [
        [id, 'email'],
        [id, 'sms'],
        [id, 'voice'],
      ]),
    );
    const email = outbox.find((row) => row.channel === 'email')!;
    expect(email.subject).toBe(`New comment on ticket #${String(ticketId).padStart(3, '0')}: Broken heater`);
    expect(email.bodyText).toContain('It is cold in here.\nPlease hurry.');
    expect(email.bodyHtml).toContain('Jane Tenant');
    expect(email.bodyText).not.toContain(en.mail.ticket.commentForStaff);
    expect(outbox.find((row) => row.channel === 'sms')?.bodyText).toContain(
      'Jane Tenant commented on ticket',
    );
    expect(email.payload).toMatchObject({ ticket_id: ticketId, comment_id: comment.id });
  });

  it('a "contractor" comment reaches staff and the contractor, never the tenant', async () => {
    const comment = await post(w.north.manager, { body: 'Key is at the desk', visibility: 'contractor' });
    const { outbox } = await toldOf(comment.id);
    expect(usersOf(outbox)).toEqual(sorted([w.north.plumber.id, manager2.id]));
    expect(outbox.find((row) => row.channel === 'email')?.bodyText).toContain(
      en.mail.ticket.commentForContractor,
    );
  });

  it('a "staff" comment reaches the other staff only: no tenant, no contractor', async () => {
    const before = await t.db.select().from(notifications).where(eq(notifications.ticketId, ticketId));
    const comment = await post(w.north.plumber, {
      body: 'Need approval for parts',
      visibility: 'contractor',
    });
    const staffOnly = await post(w.north.manager, { body: 'Over budget', visibility: 'staff' });
    const { outbox } = await toldOf(staffOnly.id);
    expect(usersOf(outbox)).toEqual([manager2.id]);
    expect(outbox.find((row) => row.channel === 'email')?.bodyText).toContain(en.mail.ticket.commentForStaff);
    const after = await t.db.select().from(notifications).where(eq(notifications.ticketId, ticketId));
    const fresh = after.filter((row) => !before.some((old) => old.id === row.id));
    const tenantOrContractor = fresh.filter(
      (row) =>
        (row.userId === w.north.tenant.id || row.userId === w.north.plumber.id) &&
        row.description.includes('Over budget'),
    );
    expect(tenantOrContractor).toEqual([]);
    // The plumber's own comment told the managers, not the plumber nor the tenant.
    const { outbox: plumberComment } = await toldOf(comment.id);
    expect(usersOf(plumberComment)).toEqual(sorted([w.north.manager.id, manager2.id]));
  });

  it('people no longer on the ticket (a tenant who moved out, another landlord) hear nothing', async () => {
    const comment = await post(w.north.manager, { body: 'New tenant next week', visibility: 'everyone' });
    const { outbox } = await toldOf(comment.id);
    const outsiders = [
      w.north.tenant2,
      w.north.electrician,
      w.north.plumber2,
      w.south.manager,
      w.south.plumber,
      w.admin,
    ];
    expect(outbox.filter((row) => outsiders.some((user) => user.id === row.userId))).toEqual([]);
    // The tenant moves to another unit: the ticket is no longer theirs to see, nor its conversation.
    await t.db.execute(
      sql`update tenant_units set unit_id = ${w.north.unit2.id} where user_id = ${w.north.tenant.id}`,
    );
    try {
      const next = await post(w.north.manager, { body: 'Moved out?', visibility: 'everyone' });
      const { outbox: told } = await toldOf(next.id);
      expect(told.filter((row) => row.userId === w.north.tenant.id)).toEqual([]);
      expect((await (await as(w.north.tenant)).get(commentsUrl())).statusCode).toBe(404);
    } finally {
      await t.db.execute(
        sql`update tenant_units set unit_id = ${w.north.unit.id} where user_id = ${w.north.tenant.id}`,
      );
    }
  });
});
