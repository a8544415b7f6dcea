/**
 * How the app writes dates and times, in the page's language (issue 28 §3): the one home of the dayjs formats the
 * screens use, and dayjs's month and weekday names in French ("déc.", "mer."). English keeps SPEC.md's forms
 * ("Dec 3, 2026 4:00 PM"); French writes the day first and a 24-hour clock ("3 déc. 2026 16 h 00").
 */
import type { Language } from '@mend/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/fr-ca';
import { language } from './translations';

const FORMATS = {
  en: {
    /** Dec 3, 2026 */
    date: 'MMM D, YYYY',
    /** Dec 3, 2026 4:05 PM */
    dateTime: 'MMM D, YYYY h:mm A',
    /** Dec 3, 2026 4:05:09 PM */
    dateTimeSeconds: 'MMM D, YYYY h:mm:ss A',
    /** Dec 3, 4:05 PM */
    dayTime: 'MMM D, h:mm A',
    /** Thu, Dec 3, 2026 */
    weekdayDate: 'ddd, MMM D, YYYY',
    /** Thu, Dec 3 */
    weekdayDay: 'ddd, MMM D',
    /** Thursday, Dec 3 */
    longWeekdayDay: 'dddd, MMM D',
    /** Dec 3 */
    day: 'MMM D',
    /** Thu 3 */
    weekdayNumber: 'ddd D',
    /** Dec 2026 */
    month: 'MMM YYYY',
    /** December 2026 */
    longMonth: 'MMMM YYYY',
  },
  fr: {
    date: 'D MMM YYYY',
    dateTime: 'D MMM YYYY HH [h] mm',
    dateTimeSeconds: 'D MMM YYYY HH:mm:ss',
    dayTime: 'D MMM HH [h] mm',
    weekdayDate: 'ddd D MMM YYYY',
    weekdayDay: 'ddd D MMM',
    longWeekdayDay: 'dddd D MMM',
    day: 'D MMM',
    weekdayNumber: 'ddd D',
    month: 'MMM YYYY',
    longMonth: 'MMMM YYYY',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type DateFormat = keyof (typeof FORMATS)['en'];

/** The dayjs locale of each language. */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', fr: 'fr-ca' };

dayjs.locale(DAYJS_LOCALES[language]);

/** The dayjs format of `name` in the page's language. */
export const dateFormat = (name: DateFormat): string => FORMATS[language][name];
