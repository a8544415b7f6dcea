/**
 * Account flows that start from an email or a signed-out screen (SPEC.md section 2, DESIGN.md):
 * password reset, activation of a temporary account, email verification and unsubscribe links.
 * Tokens: lib/tokens.ts. Emails are outbox rows written in the same transaction as the change.
 */
import {
  type ActivationLookupResponse,
  activationSchema,
  en,
  format,
  isTemporaryEmail,
  linkPagePath,
  type MessageResponse,
  passwordResetRequestSchema,
  passwordResetSchema,
  type RedirectMessageResponse,
  wordsOf,
} from '@mend/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { oneTimeTokens, sessions, type UserRow, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, fieldError, notFound, validationFailed } from '../../lib/errors';
import { activationEmail, passwordResetEmail, verificationEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { accountEmailRow, queueMessages } from '../../lib/outbox/messages';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  findUsableToken,
  issueOneTimeToken,
  markTokenUsed,
  RESET_TOKEN_TTL_MS,
  UNSUBSCRIBE_KINDS,
  VERIFICATION_TOKEN_TTL_MS,
  verifyUnsubscribeToken,
} from '../../lib/tokens';
import { displayName } from '../users/serialize';
import { cleanBody } from '../users/service';

/** Where the browser goes after a reset or an activation. */
export const LOGIN_PAGE = '/login';
/** Where an emailed verification link lands (the login screen shows "Your email has been verified."). */
export const VERIFIED_PAGE = '/login?verified=1';
export const NOT_VERIFIED_PAGE = '/login?verified=0';

/** A second reset email for the same account within this time is not sent (the answer is the same). */
const RESET_RESEND_GAP_MS = 60 * 1000;

const minutes = (ms: number) => Math.round(ms / 60_000);
const hours = (ms: number) => Math.round(ms / 3_600_000);

// ---------------------------------------------------------------------------------------------------------
// Email verification (also used by activation and the profile's email change)

/**
 * Issues a verification token for the user's current email and queues the email with its link
 * (`${APP_URL}/api/email/verify/{token}`). Run inside the transaction that set the email.
 */
export async function queueVerificationEmail(
  tx: Db,
  messaging: MessagingContext,
  user: UserRow,
  template: 'verification' | 'activation' = 'verification',
): Promise<void> {
  if (isTemporaryEmail(user.email)) return;
  const raw = await issueOneTimeToken(tx, {
    userId: user.id,
    purpose: 'verification',
    email: user.email,
    ttlMs: VERIFICATION_TOKEN_TTL_MS,
  });
  const url = `${messaging.appUrl}/api/email/verify/${raw}`;
  const common = { name: displayName(user), email: user.email, url, hours: hours(VERIFICATION_TOKEN_TTL_MS) };
  const w = wordsOf(user.language);
  const email =
    template === 'activation'
      ? activationEmail(w, { ...common, username: user.username ?? user.email })
      : verificationEmail(w, common);
  const kind = template === 'activation' ? 'account_activation' : 'email_verification';
  await queueMessages(tx, [accountEmailRow(user.id, user.email, kind, email)]);
}

/** GET /email/resend: a fresh link for the signed-in user's unverified email. */
export async function resendVerification(ctx: ServiceContext, user: UserRow): Promise<MessageResponse> {
  if (isTemporaryEmail(user.email)) throw validationFailed({}, en.accounts.verificationNotPossible);
  if (user.emailVerifiedAt) return { message: en.toasts.emailVerified };
  await ctx.rateLimits.take([ctx.rateLimits.limits.verificationEmails, String(user.id)]);
  await ctx.db.transaction((tx) => queueVerificationEmail(tx, ctx.messaging, user));
  return { message: en.toasts.verificationResent };
}

/**
 * GET /email/verify/{token}: true when the token was good for the user's current email (which is now
 * verified). The token is spent either way only when it matched.
 */
export async function verifyEmail(db: Db, raw: string): Promise<boolean> {
  const token = await findUsableToken(db, 'verification', raw);
  if (!token) return false;
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).for('update');
    // A link sent to an address the user has since changed verifies nothing.
    if (!user || user.email !== token.email) return false;
    if (!(await markTokenUsed(tx, token.id))) return false;
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    }
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Password reset

/**
 * POST /password/email. The answer is the same whether or not the email belongs to an account (no hint
 * about who has one); an account gets at most one email a minute, an address may ask a few times a minute.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  body: unknown,
  address: string,
): Promise<MessageResponse> {
  const { email } = passwordResetRequestSchema.parse(cleanBody(body ?? {}));
  await ctx.rateLimits.take([ctx.rateLimits.limits.resetEmails, address]);
  const answer = { message: format(en.auth.resetRequestSent, { email }) };
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user || isTemporaryEmail(user.email)) return answer;
  await ctx.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, user.id),
          eq(oneTimeTokens.purpose, 'reset'),
          gt(oneTimeTokens.createdAt, new Date(Date.now() - RESET_RESEND_GAP_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
    const raw = await issueOneTimeToken(tx, {
      userId: user.id,
      purpose: 'reset',
      email: user.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const url = `${ctx.messaging.appUrl}${linkPagePath('passwordReset', raw)}?email=${encodeURIComponent(user.email)}`;
    const message = passwordResetEmail(wordsOf(user.language), {
      name: displayName(user),
      email: user.email,
      url,
      minutes: minutes(RESET_TOKEN_TTL_MS),
    });
    await queueMessages(tx, [accountEmailRow(user.id, user.email, 'password_reset', message)]);
  });
  return answer;
}

const invalidResetToken = () =>
  validationFailed({ token: [en.accounts.resetTokenInvalid] }, en.accounts.resetTokenInvalid);

/**
 * POST /password/reset: a good, unused, unexpired token for that email sets the password, spends the
 * token and ends every session of the account (whoever had the old password is signed out). A bad token
 * counts as a failed attempt of the address.
 */
export async function resetPassword(
  ctx: ServiceContext,
  body: unknown,
  address: string,
): Promise<RedirectMessageResponse> {
  const values = passwordResetSchema.parse(cleanBody(body ?? {}));
  const attempt = await ctx.rateLimits.attempt({ address });
  const token = await findUsableToken(ctx.db, 'reset', values.token);
  if (!token) throw invalidResetToken();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, token.userId)).limit(1);
  // Another email than the link's: the same answer as a bad token (no hint whose token it is).
  if (!user || user.email !== values.email.toLowerCase() || token.email !== user.email)
    throw invalidResetToken();
  await attempt.succeeded();
  const passwordHash = await hashPassword(values.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await markTokenUsed(tx, token.id))) throw invalidResetToken();
    // The link proves the user reads this mailbox, so the address counts as verified too.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return { message: en.accounts.passwordReset, redirect: LOGIN_PAGE };
}

// ---------------------------------------------------------------------------------------------------------
// Activation of temporary accounts

async function temporaryAccount(db: Db, username: string): Promise<UserRow | null> {
  const wanted = username.trim().toLowerCase();
  if (!wanted) return null;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, wanted))
    .limit(1);
  return user && isTemporaryEmail(user.email) ? user : null;
}

/** GET /user-activation/{username}: 404 unless a temporary account has that username. */
export async function lookUpActivation(db: Db, username: string): Promise<ActivationLookupResponse> {
  const user = await temporaryAccount(db, username);
  if (!user?.username) throw notFound(en.accounts.noTemporaryAccount);
  return { username: user.username, is_temporary: true };
}

/**
 * PATCH /user-activation: the holder of a temporary account's generated password sets a real email and
 * password (the username stays). The new email gets a verification link; other sessions end. A wrong
 * password counts as a failed sign-in of the account and the address.
 */
export async function activateAccount(
  ctx: ServiceContext,
  body: unknown,
  address: string,
): Promise<RedirectMessageResponse> {
  const values = activationSchema.parse(cleanBody(body ?? {}));
  const attempt = await ctx.rateLimits.attempt({ account: values.username, address });
  const user = await temporaryAccount(ctx.db, values.username);
  if (!user) throw fieldError('username', en.accounts.noTemporaryAccount);
  // The old password first: nothing about the email is revealed to someone who does not hold the account.
  if (!(await verifyPassword(user.passwordHash, values.old_password))) {
    throw fieldError('old_password', en.accounts.oldPasswordIncorrect);
  }
  await attempt.succeeded();
  const email = values.email.toLowerCase();
  if (isTemporaryEmail(email)) throw fieldError('email', en.people.reservedEmail);
  const passwordHash = await hashPassword(values.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      // Activated (or its password changed) by a concurrent request in the meantime.
      if (!current || !isTemporaryEmail(current.email) || current.passwordHash !== user.passwordHash) {
        throw fieldError('username', en.accounts.noTemporaryAccount);
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, user.id)))
        .limit(1);
      if (taken) throw fieldError('email', en.people.emailTaken);
      const [activated] = await tx
        .update(users)
        .set({ email, passwordHash, emailVerifiedAt: null })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await queueVerificationEmail(tx, ctx.messaging, activated, 'activation');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', en.people.emailTaken);
    throw error;
  }
  return { message: en.accounts.activated, redirect: LOGIN_PAGE };
}

// ---------------------------------------------------------------------------------------------------------
// Unsubscribe

/**
 * POST /unsubscribe/{token}: turns off the email kind the signed token names, without signing in. The
 * signature is the whole check (no database lookup): a forged or altered token is a 400.
 */
export async function unsubscribe(ctx: ServiceContext, token: string): Promise<MessageResponse> {
  const verified = verifyUnsubscribeToken(ctx.messaging.secret, token);
  if (!verified || !UNSUBSCRIBE_KINDS.includes(verified.kind)) {
    throw new AppError(400, en.accounts.unsubscribeInvalid);
  }
  const option = verified.kind.split('.')[1] as keyof typeof en.accounts.unsubscribeTopics;
  // One statement, so a concurrent change of the other options is never overwritten.
  await ctx.db
    .update(users)
    .set({
      notificationOptions: sql`jsonb_set(${users.notificationOptions}, ${`{mail,${option}}`}::text[], 'false'::jsonb, true)`,
    })
    .where(eq(users.id, verified.userId));
  return { message: format(en.accounts.unsubscribed, { topic: en.accounts.unsubscribeTopics[option] }) };
}
