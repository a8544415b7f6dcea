import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { dictionaries, LANGUAGES, LOCALES } from './languages';
import { en, format } from './messages';
import { fr } from './messages-fr';

/**
 * The dictionaries against each other (issue 28 §3): the same key tree, the same placeholders, every text a valid
 * ICU message, plurals by the language's rules, and no English left in French.
 */

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every text of a dictionary by its path ("tickets.log.created", "schedules.months.0"). */
function texts(tree: Tree, path = ''): [path: string, text: string][] {
  if (typeof tree === 'string') return [[path, tree]];
  const entries: [string, Tree][] = Array.isArray(tree)
    ? tree.map((item, index) => [String(index), item])
    : Object.entries(tree);
  return entries.flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

/** The shape of a dictionary: each path with what it holds (a text, an array and its length, an object). */
function shape(tree: Tree, path = ''): string[] {
  if (typeof tree === 'string') return [`${path}: text`];
  const kind = Array.isArray(tree) ? `array of ${tree.length}` : 'object';
  const entries: [string, Tree][] = Array.isArray(tree)
    ? tree.map((item, index) => [String(index), item])
    : Object.entries(tree);
  return [
    `${path}: ${kind}`,
    ...entries.flatMap(([key, value]) => shape(value, path ? `${path}.${key}` : key)),
  ];
}

/** The parts of a parsed message this test reads (the parser's MessageFormatElement). */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}
/** The parser's element types: literal 0, then argument, number, date, time, select, plural (1-6), pound 7. */
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const PLURAL = 6;

const parse = (text: string, locale: string): Element[] =>
  new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[];

/** The names a message fills: its {name} placeholders and the arguments of its plurals and selects. */
function argumentsOf(elements: Element[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (ARGUMENT_TYPES.has(element.type) && typeof element.value === 'string') names.add(element.value);
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, names);
    argumentsOf(element.children ?? [], names);
  }
  return names;
}

/** The plural arguments of a message, with the branches each has. */
function pluralsOf(elements: Element[], found = new Map<string, string[]>()): Map<string, string[]> {
  for (const element of elements) {
    if (element.type === PLURAL && typeof element.value === 'string')
      found.set(element.value, Object.keys(element.options ?? {}));
    for (const option of Object.values(element.options ?? {})) pluralsOf(option.value, found);
  }
  return found;
}

const enTexts = new Map(texts(en));
const frTexts = new Map(texts(fr));

/**
 * French texts that are rightly the English ones: the brand, pure placeholders and symbols, and words spelled
 * alike in both languages. Anything else identical to English is a text left untranslated.
 */
const SAME_IN_BOTH = new Set([
  'app.name',
  'app.documentTitle',
  'nav.notifications',
  'titles.notifications',
  'screens.empty',
  'screens.page',
  'screens.fields.description',
  'screens.fields.logo',
  'screens.fields.format',
  'screens.attributeFormats.3',
  'screens.attributeFormats.4',
  'tickets.fields.description',
  'tickets.notifications.where',
  'tickets.signoff.notifications.ratedDescription',
  'schedules.screens.fields.description',
  'mail.ticket.statusChange',
  'mail.support.message',
  'accountScreens.fields.message',
  'accountScreens.contactList.message',
  'accountScreens.outbox.channels.webhook',
  'ticketScreens.due.date',
  'ticketScreens.sections.description',
  'ticketScreens.sections.photos',
  'ticketScreens.logSystem',
  'ticketScreens.form.unitOption',
  'ticketScreens.form.description',
  'ticketScreens.form.photos',
  'costScreens.total',
  'costScreens.lineDescription',
  'dashboard.minutes',
  'dashboard.hours',
  'dashboard.total',
  'webhooks.screen.title',
  'webhooks.screen.description',
  'exports.columns.message',
  'workOrders.sections.photos',
  'workOrders.commentBy',
  'workOrders.papers.a4',
  'offline.photos',
]);

describe('the French dictionary', () => {
  it('has exactly the key tree of the English one, arrays of the same lengths', () => {
    expect(shape(fr)).toEqual(shape(en));
  });

  it('is the dictionary of fr, as en is of en', () => {
    expect(LANGUAGES).toEqual(['en', 'fr']);
    expect(dictionaries.en).toBe(en);
    expect(dictionaries.fr).toBe(fr);
  });

  it('fills the same placeholders and arguments as English in every text', () => {
    const names = (text: string, locale: string) => [...argumentsOf(parse(text, locale))].sort().join(', ');
    const different = [...enTexts]
      .map(([path, text]) => ({
        path,
        en: names(text, LOCALES.en),
        fr: names(frTexts.get(path) ?? '', LOCALES.fr),
      }))
      .filter((texts) => texts.en !== texts.fr);
    expect(different).toEqual([]);
  });

  it('translates every text but the few spelled alike in both languages', () => {
    const same = [...enTexts].filter(([path, text]) => frTexts.get(path) === text).map(([path]) => path);
    expect(same.filter((path) => !SAME_IN_BOTH.has(path))).toEqual([]);
    // The allow-list lists only texts that are still the same (none is kept after its translation changed).
    expect([...SAME_IN_BOTH].filter((path) => !same.includes(path))).toEqual([]);
  });

  it('uses no ASCII apostrophe or straight quote, only ’ and « » (and none can start an ICU quote)', () => {
    const straight = [...frTexts].filter(([, text]) => /['"]/.test(text)).map(([path]) => path);
    expect(straight).toEqual([]);
  });
});

describe('every message of every language', () => {
  const all = LANGUAGES.flatMap((language) =>
    texts(dictionaries[language]).map(([path, text]) => ({ language, path, text })),
  );

  it('parse as ICU messages', () => {
    const unparsable = all.flatMap(({ language, path, text }) => {
      try {
        parse(text, LOCALES[language]);
        return [];
      } catch (error) {
        return [`${language} ${path}: ${String(error)}`];
      }
    });
    expect(unparsable).toEqual([]);
  });

  it('read the same through intl-messageformat as through the {name} fast path, when they have no plural', () => {
    const different = all
      .filter(({ text }) => pluralsOf(parse(text, 'en')).size === 0)
      .flatMap(({ language, path, text }) => {
        // Each argument filled with its own placeholder: ICU must give the text back, apostrophes and all.
        const locale = LOCALES[language];
        const vars = Object.fromEntries(
          [...argumentsOf(parse(text, locale))].map((name) => [name, `{${name}}`]),
        );
        const icu = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(vars);
        const select = /\{\s*\w+\s*,\s*select\s*,/.test(text);
        const ok = select
          ? format(text, vars, locale) === icu
          : icu === text && format(text, vars, locale) === text;
        return ok ? [] : [`${language} ${path}: ${String(icu)}`];
      });
    expect(different).toEqual([]);
  });

  it('keeps the English texts with apostrophes as written', () => {
    const withApostrophe = [...enTexts].filter(([, text]) => text.includes("'"));
    expect(withApostrophe.length).toBeGreaterThan(0);
    for (const [, text] of withApostrophe) {
      const vars = Object.fromEntries([...argumentsOf(parse(text, 'en'))].map((name) => [name, `{${name}}`]));
      expect(new IntlMessageFormat(text, 'en', undefined, { ignoreTag: true }).format(vars)).toBe(text);
    }
  });
});

describe('plural messages', () => {
  const plurals = [...enTexts.keys()]
    .map((path) => ({ path, en: enTexts.get(path) ?? '', fr: frTexts.get(path) ?? '' }))
    .filter((message) => pluralsOf(parse(message.en, 'en')).size > 0);

  it('are the same keys in both languages, each with a one and an other branch', () => {
    expect(plurals.map(({ path }) => path)).toEqual([
      'records.dependents.properties',
      'records.dependents.units',
      'records.dependents.tickets',
      'tickets.log.filesAdded',
      'tickets.log.filesRemoved',
      'tickets.visits.log.reminded',
      'tickets.batchDeleted',
      'tickets.batchStatusUpdated',
      'schedules.rules.every.daily',
      'schedules.rules.every.weekly',
      'schedules.rules.every.monthly',
      'schedules.rules.every.yearly',
      'ticketScreens.rating.count',
      'dashboard.closeWindow',
      'dashboard.ratingsCount',
      'offline.photos',
    ]);
    for (const message of plurals) {
      for (const text of [message.en, message.fr]) {
        for (const branches of pluralsOf(parse(text, 'en')).values())
          expect(branches).toEqual(expect.arrayContaining(['one', 'other']));
      }
    }
  });

  /** Fills a plural message's count (by its argument's name) and its other arguments. */
  function render(text: string, locale: string, count: number): string {
    const [counted] = pluralsOf(parse(text, locale)).keys();
    const vars: Record<string, string | number> = { days: 90 };
    for (const name of argumentsOf(parse(text, locale))) vars[name] ??= 'X';
    return format(text, { ...vars, [counted]: count }, locale);
  }

  it.each(plurals)('take the singular for 0 and 1 in French: $path', ({ fr: text }) => {
    const [one, two] = [render(text, LOCALES.fr, 1), render(text, LOCALES.fr, 2)];
    expect(one).not.toBe(two.replace('2', '1'));
    const hasZero = [...pluralsOf(parse(text, LOCALES.fr)).values()].some((branches) =>
      branches.includes('=0'),
    );
    if (!hasZero) expect(render(text, LOCALES.fr, 0).replace('0', '1')).toBe(one);
  });

  it.each(plurals)('take the singular for 1 only in English: $path', ({ en: text }) => {
    const [zero, one, two] = [0, 1, 2].map((count) => render(text, LOCALES.en, count));
    expect(one).not.toBe(two.replace('2', '1'));
    if (!zero.startsWith('No ')) expect(zero.replace('0', '2')).toBe(two);
  });

  it('read as French for 0, 1 and 2', () => {
    const f = (text: string, vars: Record<string, number>) => format(text, vars, LOCALES.fr);
    expect([0, 1, 2].map((count) => f(fr.tickets.batchDeleted, { count }))).toEqual([
      '0 demande supprimée.',
      '1 demande supprimée.',
      '2 demandes supprimées.',
    ]);
    expect([0, 1, 2].map((count) => f(fr.records.dependents.tickets, { count }))).toEqual([
      '0 demande',
      '1 demande',
      '2 demandes',
    ]);
    expect([1, 24].map((hours) => f(fr.tickets.visits.log.reminded, { hours }))).toEqual([
      'Rappel de la visite envoyé 1 heure avant',
      'Rappel de la visite envoyé 24 heures avant',
    ]);
    expect([0, 1, 1234].map((count) => f(fr.dashboard.closeWindow, { count, days: 90 }))).toEqual([
      'Aucune demande fermée au cours des 90 derniers jours',
      '1 demande fermée au cours des 90 derniers jours',
      '1\u00a0234 demandes fermées au cours des 90 derniers jours',
    ]);
    expect([1, 2].map((interval) => f(fr.schedules.rules.every.weekly, { interval }))).toEqual([
      'Chaque semaine',
      'Toutes les 2 semaines',
    ]);
    expect([0, 1, 3].map((count) => f(fr.people.batchCreated, { count }))).toEqual([
      '0 utilisateur a été créé.',
      '1 utilisateur a été créé.',
      '3 utilisateurs ont été créés.',
    ]);
    expect([1, 15].map((day) => f(fr.schedules.rules.dayOfMonth, { day }))).toEqual(['le 1er', 'le 15']);
  });
});
