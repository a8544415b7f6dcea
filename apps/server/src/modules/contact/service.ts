/**
 * The contact form (SPEC.md sections 1, 2): every signed-in user but the super admins (can('contact.create'))
 * writes to support; the super admins read. A new message, in one transaction: the submission, an in-app
 * notification for every super admin and, per their `mail.support` / `sms.support` options, an email and an
 * SMS in the outbox.
 */
import {
  type ApiContactSubmission,
  type ContactListResponse,
  type ContactSentResponse,
  can,
  contactFormSchema,
  en,
  ROLE,
  wordsOf,
} from '@mend/shared';
import { and, asc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusable, withValues } from '../../db/reusable';
import {
  type ContactSubmissionMeta,
  type ContactSubmissionRow,
  contactSubmissions,
  notifications,
  users,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import type { ListExport } from '../../lib/list-export';
import { type ListQuery, likePattern, listPage, orderOf, type SortColumns } from '../../lib/list-query';
import { supportNoticeEmail } from '../../lib/mail/templates';
import { notificationRows, queueMessages } from '../../lib/outbox/messages';
import { roleIn } from '../../lib/scopes';
import { readTableList, type TableList, type TableListShape, tableListShape } from '../../lib/table-list';
import { markViewedAbout } from '../notifications/service';
import { displayName } from '../users/serialize';
import { cleanBody } from '../users/service';
import { contactLink, serializeContact } from './serialize';

const senderName = (meta: ContactSubmissionMeta) =>
  `${meta.first_name} ${meta.last_name}`.trim() || meta.company_name || meta.email;

/** POST /contact. */
export async function sendContactMessage(
  ctx: ServiceContext,
  actor: Actor,
  body: unknown,
): Promise<ContactSentResponse> {
  if (!can(actor, 'contact.create')) throw forbidden();
  const values = contactFormSchema.parse(cleanBody(body ?? {}));
  const meta: ContactSubmissionMeta = {
    email: values.meta.email.toLowerCase(),
    company_name: values.meta.company_name,
    first_name: values.meta.first_name,
    last_name: values.meta.last_name,
    phone_number: values.meta.phone_number,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(contactSubmissions)
      // Browsers send multipart line breaks as CRLF; stored as LF like the rest of the app's text.
      .values({
        userId: actor.id,
        subject: values.subject,
        message: values.message.replace(/\r\n?/g, '\n'),
        meta,
      })
      .returning();
    const admins = await tx
      .select()
      .from(users)
      .where(and(roleIn(ROLE.superAdmin), ne(users.id, actor.id)))
      .orderBy(asc(users.id));
    if (admins.length === 0) return submission;
    const name = senderName(meta);
    // Each super admin is told in its own language.
    await tx.insert(notifications).values(
      admins.map((admin) => {
        const w = wordsOf(admin.language);
        return {
          userId: admin.id,
          contactId: submission.id,
          link: contactLink(submission.id),
          title: w.t.accounts.contactNotificationTitle,
          subtitle: w.format(w.t.accounts.contactNotificationSubtitle, { name }),
          description: submission.subject,
        };
      }),
    );
    const link = `${ctx.messaging.appUrl}${contactLink(submission.id)}`;
    const notice = {
      senderName: name,
      company: meta.company_name,
      email: meta.email,
      phone: meta.phone_number,
      subject: submission.subject,
      message: submission.message,
      link,
    };
    await queueMessages(
      tx,
      admins.flatMap((admin) => {
        const w = wordsOf(admin.language);
        return notificationRows(ctx.messaging, admin, 'support', {
          kind: 'contact.received',
          email: (unsubscribeUrl) => supportNoticeEmail(w, notice, displayName(admin), unsubscribeUrl),
          sms: w.format(w.t.mail.support.sms, { name, subject: submission.subject, link }),
          payload: { contact_id: submission.id },
          replyTo: meta.email,
        });
      }),
    );
    return submission;
  });
  return { message: en.toasts.sent, data: serializeContact(row) };
}

/** A message's columns without its search text, which no answer carries. */
const { searchText: _searchText, ...shownColumns } = getTableColumns(contactSubmissions);
type ContactListRow = Omit<ContactSubmissionRow, 'searchText'>;

/**
 * A field of the sender's details. The key is written into the SQL, not bound: a sort index on
 * `meta ->> 'email'` serves only the same expression, which a parameter is not.
 */
const metaField = (key: keyof ContactSubmissionMeta): SQL =>
  sql`(${contactSubmissions.meta} ->> '${sql.raw(key)}')`;

const SORTABLE = {
  created_at: contactSubmissions.createdAt,
  subject: sql`lower(${contactSubmissions.subject})`,
  email: metaField('email'),
  name: sql`lower(${metaField('first_name')} || ' ' || ${metaField('last_name')})`,
} satisfies SortColumns<'contact'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

function mayRead(actor: Actor): void {
  if (!can(actor, 'contact.list')) throw forbidden();
}

const CONTACT_LIST: TableList<TableListShape, typeof shownColumns> = {
  name: 'contact_list',
  table: contactSubmissions,
  id: contactSubmissions.id,
  columns: shownColumns,
  sortable: SORTABLE,
  fallback: DEFAULT_SORT,
  // Subject, message, the sender's email, "first last" and company: one lower-cased generated column with a
  // trigram index (LIKE on it is about 3x faster than ILIKE on each field).
  where: (shape, p) =>
    shape.search ? sql`${contactSubmissions.searchText} like lower(${p.search})` : undefined,
};

/** GET /contact: super admin; search over subject, message, the sender's email, names and company. */
export async function listContactMessages(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<ContactListResponse> {
  mayRead(actor);
  const { shape, values, cap } = tableListShape(query, CONTACT_LIST);
  const { rows, total } = await readTableList(
    db,
    CONTACT_LIST,
    shape,
    { ...values, search: likePattern(query.search) },
    cap,
  );
  return listPage(rows.map(serializeContact), total, query);
}

/**
 * GET /contact's export (issue 27, modules/exports): super admin; every message of the list for `query` (its search
 * and sort; no page), with the list's own condition (CONTACT_LIST's `where`) and order, and the values written in as
 * parameters.
 */
export function exportContactMessages(
  db: Db,
  actor: Actor,
  query: ListQuery,
): ListExport<ContactListRow, ApiContactSubmission> {
  mayRead(actor);
  const { shape, values } = tableListShape({ ...query, page: 1 }, CONTACT_LIST);
  const p = withValues({ ...values, search: likePattern(query.search) });
  return {
    select: db
      .select(shownColumns)
      .from(contactSubmissions)
      .where(CONTACT_LIST.where(shape, p))
      .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, contactSubmissions.id)),
    answer: (_db, rows) => rows.map(serializeContact),
  };
}

/** GET /contact/{id}: super admin; opening it marks the viewer's notifications about it viewed. */
export async function getContactMessage(db: Db, actor: Actor, id: number): Promise<ApiContactSubmission> {
  mayRead(actor);
  const message = reusable(db, 'contact_message', (db, name) =>
    db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await message.execute({ id });
  if (!row) throw notFound();
  await markViewedAbout(db, actor.id, 'contactId', id);
  return serializeContact(row);
}
