/**
 * The profile tabs (SPEC.md section 2 "User profile"): account info, email, password and notification
 * options. A user edits its own profile; the super admin anyone's (`can('profile.update')`). Someone the
 * viewer cannot see at all answers 404 (users' scope); someone visible but not theirs to edit, 403.
 */
import {
  can,
  dictionaries,
  emailChangeSchema,
  en,
  isTemporaryEmail,
  languageChangeSchema,
  type NotificationOptions,
  type NotificationOptionsSavedResponse,
  notificationOptionsSchema,
  type ProfileResponse,
  type ProfileSavedResponse,
  passwordChangeSchema,
  profileInfoSchema,
} from '@mend/shared';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { queueVerificationEmail } from '../accounts/service';
import { serializeUser } from '../users/serialize';
import { cleanBody, findVisibleUser } from '../users/service';

/** The user whose profile is asked for, if the actor may open it. */
async function profileSubject(db: Db, actor: Actor, id: number): Promise<UserRow> {
  const subject = await findVisibleUser(db, actor, 'users', id);
  if (!can(actor, 'profile.update', { id: subject.id })) throw forbidden();
  return subject;
}

async function saved(db: Db, id: number, message: string): Promise<ProfileSavedResponse> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return { message, data: serializeUser(row) };
}

/** GET /users/{id}/profile. */
export async function getProfile(db: Db, actor: Actor, id: number): Promise<ProfileResponse> {
  const subject = await profileSubject(db, actor, id);
  return { user: serializeUser(subject), not_you: subject.id !== actor.id };
}

/** PATCH /users/{id}/info: name, company, phone and address (all required but address_2). */
export async function updateInfo(
  db: Db,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<ProfileSavedResponse> {
  await profileSubject(db, actor, id);
  const values = profileInfoSchema.parse(cleanBody(body ?? {}));
  await db
    .update(users)
    .set({
      firstName: values.first_name,
      lastName: values.last_name,
      companyName: values.company_name,
      phoneNumber: values.phone_number,
      address1: values.address_1,
      address2: values.address_2,
      country: values.country,
      province: values.province,
      city: values.city,
      postal: values.postal,
    })
    .where(eq(users.id, id));
  return saved(db, id, en.toasts.saved);
}

/**
 * PATCH /users/{id}/language: the account's language (issue 28). The page that saved it loads again in it.
 */
export async function updateLanguage(
  db: Db,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<ProfileSavedResponse> {
  await profileSubject(db, actor, id);
  const { language } = languageChangeSchema.parse(cleanBody(body ?? {}));
  await db.update(users).set({ language }).where(eq(users.id, id));
  return saved(db, id, dictionaries[language].toasts.saved);
}

/**
 * PATCH /users/{id}/email: `old_email` must be the current one. The new address is unverified until its
 * link is opened; the link goes out with the change.
 */
export async function changeEmail(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<ProfileSavedResponse> {
  const subject = await profileSubject(ctx.db, actor, id);
  const values = emailChangeSchema.parse(cleanBody(body ?? {}));
  const email = values.email.toLowerCase();
  if (values.old_email.toLowerCase() !== subject.email)
    throw fieldError('old_email', en.accounts.oldEmailIncorrect);
  if (email === subject.email) throw fieldError('email', en.accounts.sameEmail);
  if (isTemporaryEmail(email)) throw fieldError('email', en.people.reservedEmail);
  try {
    await ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, id)))
        .limit(1);
      if (taken) throw fieldError('email', en.people.emailTaken);
      const [updated] = await tx
        .update(users)
        .set({ email, emailVerifiedAt: null })
        .where(and(eq(users.id, id), eq(users.email, subject.email)))
        .returning();
      // Changed by a concurrent request since it was read: the old email is no longer the current one.
      if (!updated) throw fieldError('old_email', en.accounts.oldEmailIncorrect);
      await queueVerificationEmail(tx, ctx.messaging, updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', en.people.emailTaken);
    throw error;
  }
  return saved(ctx.db, id, en.accounts.emailChanged);
}

/**
 * PATCH /users/{id}/password. `old_password` is the account's own password; when the super admin changes
 * someone else's, it confirms with its own. Every other browser session of the account ends.
 */
export async function changePassword(
  db: Db,
  viewer: UserRow,
  currentSessionId: string | null,
  id: number,
  body: unknown,
): Promise<ProfileSavedResponse> {
  const actor = { id: viewer.id, role: viewer.role, landlordId: viewer.landlordId };
  const subject = await profileSubject(db, actor, id);
  const values = passwordChangeSchema.parse(cleanBody(body ?? {}));
  const confirmer = subject.id === viewer.id ? subject : viewer;
  if (!(await verifyPassword(confirmer.passwordHash, values.old_password))) {
    throw fieldError('old_password', en.accounts.oldPasswordIncorrect);
  }
  const passwordHash = await hashPassword(values.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    // The account's other browsers sign in again; its API tokens, made on purpose, keep working (ADR 0038).
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, id),
          eq(sessions.kind, 'browser'),
          currentSessionId ? ne(sessions.id, currentSessionId) : undefined,
        ),
      );
  });
  return saved(db, id, en.accounts.passwordChanged);
}

/** Objects may arrive as JSON text (SPEC.md section 7). */
function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** `notification_options[mail|sms|phone][...]`: errors are keyed like the fields ("notification_options.sms.phone_number"). */
export const notificationFormSchema = z.object({
  notification_options: z.preprocess(fromJson, notificationOptionsSchema),
});

/** PATCH /users/{id}/notifications: the channels and numbers the user is reached on. */
export async function updateNotificationOptions(
  db: Db,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<NotificationOptionsSavedResponse> {
  await profileSubject(db, actor, id);
  const { notification_options: values } = notificationFormSchema.parse(cleanBody(body ?? {}));
  const options: NotificationOptions = {
    mail: values.mail,
    sms: { ...values.sms, phone_number: values.sms.phone_number.trim() },
    phone: { ...values.phone, phone_number: values.phone.phone_number.trim() },
  };
  const [row] = await db
    .update(users)
    .set({ notificationOptions: options })
    .where(eq(users.id, id))
    .returning({ notificationOptions: users.notificationOptions });
  if (!row) throw notFound();
  return { message: en.toasts.saved, data: row.notificationOptions };
}
