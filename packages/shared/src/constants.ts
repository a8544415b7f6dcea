/** Business constants and limits of SPEC.md section 9 (and the lists DESIGN.md settles). */

export const TICKET_STATUSES = ['Open', 'Scheduled', 'In Progress', 'Completed', 'Cancelled'] as const;
export const TICKET_PRIORITIES = ['Normal', 'High'] as const;
/** Statuses at or above this index are closed (Completed, Cancelled). */
export const FIRST_CLOSED_STATUS = 3;
export const STATUS = { open: 0, scheduled: 1, inProgress: 2, completed: 3, cancelled: 4 } as const;
export const PRIORITY = { normal: 0, high: 1 } as const;

export const AVATAR_MAX_FILES = 1;
/** Avatars must be strictly under this many bytes. */
export const AVATAR_MAX_BYTES = 1_000_000;
export const TICKET_IMAGE_MAX_FILES = 5;
export const TICKET_IMAGE_MAX_BYTES = 1_000_000;
/**
 * Longest side, in pixels, of a stored ticket image: the server scales larger ones down, and the browser
 * scales a photo too heavy to upload down to it (a phone camera's photo weighs several times the limit).
 */
export const TICKET_IMAGE_MAX_PIXELS = 1600;
/**
 * Who may read a comment on a ticket (DESIGN.md "Comment visibility"): `everyone` on the ticket; `contractor`, staff
 * and the contractor; `staff` only (the managers of the ticket's landlord and the super admin). Which role reads and
 * posts which: `commentVisibilitiesFor` (permissions.ts).
 */
export const COMMENT_VISIBILITIES = ['everyone', 'contractor', 'staff'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export function isCommentVisibility(value: unknown): value is CommentVisibility {
  return (COMMENT_VISIBILITIES as readonly unknown[]).includes(value);
}
/** The activity log's code for a deleted comment; its data carries the comment's visibility. */
export const COMMENT_DELETED_LOG_ACTION = 'comment_deleted';
/** Longest comment, in characters (after trimming). */
export const COMMENT_MAX_LENGTH = 5000;
/** Files one comment may carry: the same limits, types and re-encoding as ticket images. */
export const COMMENT_MAX_FILES = TICKET_IMAGE_MAX_FILES;
/** Its author may edit (or delete) a comment for this long after posting it; staff may delete it any time. */
export const COMMENT_EDIT_MINUTES = 15;
/**
 * A ticket's thread is read a page at a time, newest first (GET tickets/{id}/comments): the page the screen opens
 * with, and the most a `limit` may ask for. A long thread read whole missed the lists' response time target.
 */
export const COMMENT_PAGE_SIZE = 30;

/**
 * The one contractor responsible for a ticket (issue 25): staff assign it, and it answers: `pending` until it accepts
 * (`accepted`) or declines with a reason (`declined`, the ticket back with its managers).
 */
export const ASSIGNMENT_STATES = ['pending', 'accepted', 'declined'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];
/** Hours an assigned contractor has to answer before the managers are alerted, for a landlord that set none. */
export const ASSIGNMENT_RESPONSE_HOURS_DEFAULT = 48;
/** The range a landlord may set: an hour to a month. */
export const ASSIGNMENT_RESPONSE_HOURS_MIN = 1;
export const ASSIGNMENT_RESPONSE_HOURS_MAX = 720;
/** Longest reason for declining a job, in characters. */
export const ASSIGNMENT_DECLINE_REASON_MAX_LENGTH = 1000;
/**
 * Service targets (issue 26), per priority (by index into TICKET_PRIORITIES): the hours from a ticket's creation by
 * which someone must act on it (its response: its status leaves Open or a contractor is assigned) and by which it must
 * be resolved (Completed), for a landlord that set none. The database's defaults are the same (migration 0026; a test
 * keeps them equal).
 */
export const TARGET_HOURS_DEFAULT = [
  { response: 24, resolution: 168 },
  { response: 4, resolution: 48 },
] as const satisfies readonly { response: number; resolution: number }[];
/** The range a landlord may set: an hour to a year. */
export const TARGET_HOURS_MIN = 1;
export const TARGET_HOURS_MAX = 8760;
export const TARGET_KINDS = ['response', 'resolution'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/** The landlord form's fields of its targets, per priority (by index) and kind. */
export const TARGET_FIELDS = [
  { response: 'normal_response_hours', resolution: 'normal_resolution_hours' },
  { response: 'high_response_hours', resolution: 'high_resolution_hours' },
] as const satisfies readonly Record<TargetKind, string>[];
export type TargetField = (typeof TARGET_FIELDS)[number][TargetKind];
/**
 * Where an open ticket stands against its next due time: past it (`overdue`), due before the end of the day at its
 * property (`today`), or `later`. The ticket lists filter by the first two (`due=`).
 */
export const DUE_STATES = ['overdue', 'today', 'later'] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DUE_FILTERS = ['overdue', 'today'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
/** The dashboard's "breaching soon": open tickets due within this many hours. */
export const DUE_SOON_HOURS = 24;
/** The dashboard's share resolved within target: this many months, ending with the current one. */
export const DASHBOARD_TARGET_MONTHS = 6;

/**
 * Recurring work (issue 26): a schedule repeats every `interval` days, weeks, months or years, on a weekday (weekly),
 * a day of the month (monthly) or a month and day (yearly), and creates each occurrence's ticket `lead_days` before it.
 */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_INTERVAL_MAX = 99;
/** Days of the month a schedule may fall on: every month has them; LAST_DAY_OF_MONTH stands for its last day. */
export const SCHEDULE_MONTH_DAY_MAX = 28;
export const LAST_DAY_OF_MONTH = -1;
export const SCHEDULE_LEAD_DAYS_DEFAULT = 7;
export const SCHEDULE_LEAD_DAYS_MAX = 90;
/** How many coming dates a schedule shows, and how many of its past occurrences. */
export const SCHEDULE_UPCOMING_COUNT = 5;
export const SCHEDULE_OCCURRENCES_SHOWN = 10;
/** The schedules list's filter of paused or running schedules. */
export const SCHEDULE_STATES = ['active', 'paused'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

/**
 * Money (issue 26): amounts are whole cents in the landlord's currency (one of CURRENCIES, ISO 4217). An estimate whose
 * total is above the landlord's approval limit waits for its owner's approval; at most MONEY_MAX_CENTS anywhere.
 */
export const CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CAD';
export const APPROVAL_LIMIT_DEFAULT_CENTS = 50_000;
export const MONEY_MAX_CENTS = 100_000_000;
/** The owner contacts a landlord may list, who approve the estimates above its limit. */
export const LANDLORD_OWNERS_MAX = 5;
/** An estimate before the work, an invoice after it, each with line items of these kinds (issue 26). */
export const COST_KINDS = ['estimate', 'invoice'] as const;
export type CostKind = (typeof COST_KINDS)[number];
export const COST_LINE_KINDS = ['labour', 'parts', 'other'] as const;
export type CostLineKind = (typeof COST_LINE_KINDS)[number];
export const COST_LINES_MAX = 30;
/**
 * An estimate waits for a manager (`pending`, within the approval limit) or for an owner (`awaiting_owner`, above it)
 * until it is `approved` or `declined`; an invoice is `unpaid` until marked `paid` with a date.
 */
export const COST_STATES = ['pending', 'awaiting_owner', 'approved', 'declined', 'unpaid', 'paid'] as const;
export type CostState = (typeof COST_STATES)[number];
/** The owners are reminded of an estimate still waiting this many hours after they were asked, once each. */
export const OWNER_REMINDER_HOURS = [24, 72] as const;
/** An owner's approval link works this many days after it was sent. */
export const APPROVAL_LINK_TTL_DAYS = 14;

/** The ticket lists' "Assigned to" filter value of tickets without an assigned contractor. */
export const UNASSIGNED_FILTER = 'none';

/**
 * A visit of the assigned contractor (issue 25): `booked` inside one of the tenant's availability windows (or once the
 * tenant confirmed it), `proposed` outside them until the tenant confirms or refuses (`refused`), `cancelled` by the
 * contractor or staff, or replaced by a new time (rescheduled). At most one visit of a ticket is proposed or booked.
 */
export const VISIT_STATES = ['proposed', 'booked', 'refused', 'cancelled'] as const;
export type VisitState = (typeof VISIT_STATES)[number];
/** The states of the visit a ticket has now; the others are its history. */
export const ACTIVE_VISIT_STATES = ['proposed', 'booked'] as const satisfies readonly VisitState[];
/** The longest visit, in hours. */
export const VISIT_MAX_HOURS = 12;
/** Reminders of a booked visit go out this many hours before it (to the tenant and the contractor). */
export const VISIT_REMINDER_HOURS = [24, 1] as const;
export type VisitReminder = (typeof VISIT_REMINDER_HOURS)[number];
/** The widest span of one calendar read (GET visits), in days: a month view with the weeks around it. */
export const CALENDAR_MAX_DAYS = 42;
/**
 * Most visits one calendar read answers (the super admin's portfolio on a busy week: more than a screen can show);
 * `truncated` says more exist.
 */
export const CALENDAR_MAX_VISITS = 200;

/**
 * The tenant's sign-off of a completed ticket (issue 25): `asked` when the ticket becomes Completed, until the tenant
 * confirms the repair with a rating (`confirmed`) or reopens the ticket with a reason (`reopened`); `withdrawn` when the
 * ticket leaves Completed another way first (staff reopened or cancelled it). Each completion asks anew.
 */
export const SIGNOFF_STATES = ['asked', 'confirmed', 'reopened', 'withdrawn'] as const;
export type SignoffState = (typeof SIGNOFF_STATES)[number];
/** The stars a tenant gives a repair. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating at or below this alerts the landlord's managers. */
export const LOW_RATING_MAX = 2;
/** Longest comment with a rating, and longest reason for reopening a ticket, in characters. */
export const SIGNOFF_TEXT_MAX_LENGTH = 1000;
export const ACCEPTED_UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
] as const;
export const ACCEPTED_AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGE_WINDOW = 3;
/**
 * A list counts its matches up to this many past the first row of the page asked for, then answers
 * `total_capped` (shown "1000+" on page 1): an exact count of a million tickets costs a full scan on every
 * page load (docs/decisions/0007-capped-list-totals-and-prepared-statements.md), and counting further costs every
 * load for a figure that says no more than "many" (ADR 0021). Counting past the page, not to a fixed number, lets
 * the pager always reach further (ADR 0014).
 */
export const LIST_COUNT_CAP = 1_000;
/**
 * A ticket search counts its matches up to this many past the first row of the page asked for ("100+" on
 * page 1, "190+" on page 10). Counting a common word's matches reads about five rows per match (200,000 of
 * them among a million tickets), on every keystroke (ADR 0009, ADR 0014).
 */
export const SEARCH_COUNT_CAP = 100;
export const SEARCH_DEBOUNCE_MS = 200;

export const ACTIVITY_LOG_FIRST = 3;
export const ACTIVITY_LOG_MORE = 10;

export const TOAST_MS = 3000;
export const BUTTON_FLASH_MS = 5000;
export const LOGIN_SLIDE_MS = 2500;
export const LOGIN_LAST_SLIDE_MS = 5000;
export const LOGIN_SLIDES = ['Burst pipe?', 'Broken A/C?', 'Roof Leak?', 'All Scheduled!'] as const;

/** How often the bell asks for its notifications while the live stream is down (issue 28: else it is told). */
export const NOTIFICATION_POLL_MS = 30_000;
/** The live streams one session holds at once (a browser's visible tabs); a new one beyond ends its oldest. */
export const LIVE_STREAMS_PER_SESSION = 8;
export const RELATIVE_TIME_LIST_REFRESH_MS = 30_000;
export const RELATIVE_TIME_DROPDOWN_REFRESH_MS = 10_000;

export const LAYOUT_COLLAPSE_PX = 1400;
/** At most this wide (em, Mantine's `sm` breakpoint) the signed-in layout is a phone's: its rail is hidden too. */
export const LAYOUT_PHONE_MAX_EM = 47.99;
export const SIDE_PANEL_MAX_PX = 520;
export const TICKET_DIALOG_WIDTH = 320;
export const HEIGHT_OBSERVER_DELAY_MS = 1000;

export const NONCE_LENGTH = 10;
export const VISIBLE_ID_DIGITS = 3;

export const TIME_STEP_MINUTES = 15;
/** Availability ranges travel as seconds since the epoch; starts and ends fall on 15-minute steps. */
export const TIME_STEP_SECONDS = TIME_STEP_MINUTES * 60;
export const DEFAULT_AVAILABILITY_START = '08:00';
export const DEFAULT_AVAILABILITY_END = '09:00';

/** Longest accepted short text (names, addresses, emails) and long text (descriptions, messages). */
export const MAX_TEXT_LENGTH = 255;
export const MAX_LONG_TEXT_LENGTH = 10_000;
export const MAX_URL_LENGTH = 2048;
/** Passwords are never trimmed; the cap only keeps hashing cheap. */
export const MAX_PASSWORD_LENGTH = 1024;
/** Most users one batch-create CSV may hold. */
export const BATCH_MAX_ROWS = 5000;
/** Longest accepted lists in one form: ids (batch selections, linked users), availability ranges, category attributes. */
export const MAX_ID_LIST_LENGTH = 1000;
export const MAX_AVAILABILITY_RANGES = 50;
export const MAX_CATEGORY_ATTRIBUTES = 100;

/** Placeholder emails of temporary accounts end with this marker domain (DESIGN.md). */
export const TEMPORARY_EMAIL_DOMAIN = 'temporary.mend.invalid';

export const CONTACT_OFFICE_HOURS = 'Monday to Friday, 9 am to 5 pm MST';

/** Header carrying the anti-forgery token, and the meta tag that holds it in the page. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_META_NAME = 'csrf-token';
/** Id of the page-root element whose data-translations attribute holds the dictionary. */
export const ROOT_ELEMENT_ID = 'root';
export const SESSION_COOKIE = 'mend_session';
/**
 * The width of the browser window the app last ran in, in CSS pixels (set by the app, read by the server):
 * a signed-in page rendered on the server is laid out for it (the layout's rail and phone widths).
 */
export const VIEWPORT_COOKIE = 'mend_viewport';
/**
 * Placeholders of the page a signed-in screen is rendered into on the server (dist/app.html, written by
 * apps/web/scripts/prerender.mjs and filled by the server): the screen's markup, the query cache it was
 * rendered from and what it was rendered for (apps/web/src/lib/prerendered.tsx, PageRender).
 */
export const APP_PAGE_PLACEHOLDERS = {
  markup: '__MEND_APP_MARKUP__',
  queries: '__MEND_QUERIES__',
  render: '__MEND_PAGE_RENDER__',
} as const;
/** Status code answered when the anti-forgery token is missing or wrong. */
export const CSRF_STATUS = 419;

/**
 * The time zone of a property nobody has chosen one for (the product's home: SPEC.md's fixed "Edmonton, AB" line);
 * the property form starts from the browser's own zone instead.
 */
export const DEFAULT_TIME_ZONE = 'America/Edmonton';

/**
 * Personal API tokens (issue 27): what a token starts with (so that scanners and people can tell one), how many one
 * user may hold, the longest name, and the lifetimes the form offers (days; the form's default first). A token
 * without an expiry lasts until it is revoked.
 */
export const API_TOKEN_PREFIX = 'mend_pat_';
/** What a stored session is: a browser's (its cookie) or a personal API token's (the Authorization header). */
export const SESSION_KINDS = ['browser', 'api'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const API_TOKENS_MAX = 20;
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_LIFETIMES_DAYS = [90, 30, 365] as const;
/** The form's "No expiry" choice. */
export const API_TOKEN_NO_EXPIRY = 'never';

/**
 * Webhooks (issue 27, ADR 0042): the events a landlord's endpoints may choose, how many endpoints one landlord may
 * register, the longest description, what a signing secret starts with (the Standard Webhooks convention), how long an
 * endpoint has to answer, and the failed attempts in a row after which an endpoint is switched off and its landlord's
 * managers are told.
 */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.status_changed',
  'ticket.assigned',
  'comment.added',
  'visit.booked',
  'approval.decided',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOKS_MAX = 10;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_TIMEOUT_SECONDS = 10;
export const WEBHOOK_FAILURES_BEFORE_DISABLE = 15;
