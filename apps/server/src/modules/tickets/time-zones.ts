/**
 * Availability ranges are moments (seconds since the epoch); the detail screen shows them as text such as
 * "Mon, Nov 23, 8:00 AM – 9:00 AM". The server does not know the reader's time zone, and the ranges are
 * about when someone can be at the unit, so they are written in the time zone of the unit's property (its
 * `time_zone`, an IANA zone set on the property form).
 */
import {
  clockTime,
  DEFAULT_LANGUAGE,
  keptUpTo,
  type Language,
  LOCALES,
  type WallClockRange,
} from '@mend/shared';

/**
 * Every text here is written from a moment's wall-clock parts (`partsIn`): a list serializes several moments per row,
 * and an ICU call for each cost more than the rest of the row. Each language writes its days its own way, with the short
 * names of its weekdays and months that ICU gives, read once; its clock times are `clockTime`'s (@mend/shared).
 */
interface Writing {
  weekdays: string[];
  months: string[];
  /** "Mon, Nov 23" / "lun. 23 nov." */
  day: (weekday: string, month: string, day: number) => string;
}

/** The short names of the weekdays (Sunday first) and the months in a locale, as ICU writes them. */
function shortNames(locale: string): { weekdays: string[]; months: string[] } {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return {
    weekdays: Array.from({ length: 7 }, (_, index) => weekday.format(Date.UTC(2023, 0, 1 + index))),
    months: Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2023, index, 15))),
  };
}

const WRITING: Record<Language, Writing> = {
  // As en-US writes them.
  en: {
    ...shortNames(LOCALES.en),
    day: (weekday, month, day) => `${weekday}, ${month} ${day}`,
  },
  // As Canadian French writes them: the day before the month.
  fr: {
    ...shortNames(LOCALES.fr),
    day: (weekday, month, day) => `${weekday} ${day} ${month}`,
  },
};

function dayText(parts: WallClockParts, language: Language): string {
  const writing = WRITING[language];
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return writing.day(
    writing.weekdays[date.getUTCDay()] ?? '',
    writing.months[parts.month - 1] ?? '',
    parts.day,
  );
}

/** "8:00 AM" / "8 h 00" */
const timeText = (parts: WallClockParts, language: Language) => clockTime(parts.hour, parts.minute, language);

/** "Mon, Nov 23, 8:00 AM – 9:00 AM", or "Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:00 AM" across midnight. */
export function availabilityText(
  range: { start: number; end: number },
  zone: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const start = partsIn(new Date(range.start * 1000), zone);
  const end = partsIn(new Date(range.end * 1000), zone);
  const startDay = dayText(start, language);
  const endDay = dayText(end, language);
  const from = `${startDay}, ${timeText(start, language)}`;
  return `${from} – ${startDay === endDay ? timeText(end, language) : `${endDay}, ${timeText(end, language)}`}`;
}

/** "Sat, Nov 28, 7:30 PM" at the property: a deadline or a visit's time in messages (issue 25). */
export function momentText(moment: Date, zone: string, language: Language = DEFAULT_LANGUAGE): string {
  return textOf(partsIn(moment, zone), language);
}

/** A moment at `zone` as the lists show a due time: its text and its wall-clock date and time, from one reading. */
export function momentAt(moment: Date, zone: string): { text: string; date: string; time: string } {
  const parts = partsIn(moment, zone);
  return { text: textOf(parts, 'en'), ...wallClockOf(parts) };
}

const textOf = (parts: WallClockParts, language: Language) =>
  `${dayText(parts, language)}, ${timeText(parts, language)}`;

/**
 * A stored range as the wall-clock dates and times it covers at the property (`wallClockAt`): dayjs's conversions
 * were most of a ticket detail's own time.
 */
export function wallClockRange(range: { start: number; end: number }, zone: string): WallClockRange {
  const start = wallClockAt(new Date(range.start * 1000), zone);
  const end = wallClockAt(new Date(range.end * 1000), zone);
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

/** How many zones' formatters, zone days and days' ends are kept (zone names are the properties', a few hundred). */
const KEPT = 1000;
const KEPT_ZONE_DAYS = 100_000;
const DAY_MS = 86_400_000;

interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's wall-clock parts at `zone` as ICU reads them, by one cached formatter per zone. */
function icuPartsIn(moment: Date, zone: string): WallClockParts {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (partsFormats.size < KEPT) partsFormats.set(zone, format);
  }
  const parts: WallClockParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(moment))
    if (part.type in parts) parts[part.type as keyof WallClockParts] = Number(part.value);
  return parts;
}

/** How far `zone`'s clock is ahead of UTC at a moment (milliseconds, whole seconds), as ICU reads it. */
function icuOffsetAt(ms: number, zone: string): number {
  const at = Math.floor(ms / 1000) * 1000;
  const p = icuPartsIn(new Date(at), zone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second);
  return wall.getTime() - at;
}

/**
 * Each zone's offset per UTC day (key: the day's number), or null for a day in which it changes (daylight saving
 * time). Offsets change at most once in a day, so one the same at a day's first and last second holds all day.
 */
const zoneDays = new Map<string, Map<number, number | null>>();
let zoneDaysKept = 0;

/**
 * A moment's wall-clock parts at `zone`: the zone's offset that day, read from ICU once per zone and day, added to
 * the moment. A list serializes several moments per row, and an ICU call for each cost most of a row's answer.
 */
function partsIn(moment: Date, zone: string): WallClockParts {
  const ms = moment.getTime();
  const dayNumber = Math.floor(ms / DAY_MS);
  let days = zoneDays.get(zone);
  if (!days) {
    days = new Map();
    if (zoneDays.size < KEPT) zoneDays.set(zone, days);
  }
  let offset = days.get(dayNumber);
  if (offset === undefined) {
    const first = icuOffsetAt(dayNumber * DAY_MS, zone);
    offset = first === icuOffsetAt(dayNumber * DAY_MS + DAY_MS - 1000, zone) ? first : null;
    if (zoneDaysKept >= KEPT_ZONE_DAYS) {
      for (const kept of zoneDays.values()) kept.clear();
      zoneDaysKept = 0;
    }
    days.set(dayNumber, offset);
    zoneDaysKept++;
  }
  if (offset === null) return icuPartsIn(moment, zone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** A moment as the wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) it is at `zone`. */
export function wallClockAt(moment: Date, zone: string): { date: string; time: string } {
  return wallClockOf(partsIn(moment, zone));
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

const wallClockOf = (parts: WallClockParts) => ({
  date: `${parts.year}-${twoDigits(parts.month)}-${twoDigits(parts.day)}`,
  time: `${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`,
});

const dayEnds = keptUpTo<number>(KEPT);

/** The end of the day `now` falls in at `zone` (its next midnight), in seconds; kept per zone and day. */
export function endOfDayIn(zone: string, now: Date): number {
  const parts = partsIn(now, zone);
  return dayEnds(`${zone} ${parts.year}-${parts.month}-${parts.day}`, () => {
    const sinceMidnight = parts.hour * 3600 + parts.minute * 60 + parts.second;
    const end = Math.floor(now.getTime() / 1000) - sinceMidnight + 86_400;
    // A day of 23 or 25 hours (daylight saving time) puts that an hour off midnight: read the clock there and correct.
    const there = partsIn(new Date(end * 1000), zone);
    const off = there.hour * 3600 + there.minute * 60 + there.second;
    if (off === 0) return end;
    return end - (off > 43_200 ? off - 86_400 : off);
  });
}
