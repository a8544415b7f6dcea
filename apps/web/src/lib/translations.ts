/**
 * The dictionary of every user-visible text. The server injects it as JSON into the
 * `data-translations` attribute of the page root; in Vite dev mode (placeholder not replaced) or
 * when it cannot be read, the bundled `en` copy from @mend/shared is used. Keys missing from the
 * injected copy fall back to `en`, so a stale server dictionary never blanks a label.
 */
import {
  DEFAULT_LANGUAGE,
  type Dictionary,
  en,
  format as formatIn,
  isLanguage,
  jsonAttributeValue,
  type Language,
  LOCALES,
  ROOT_ELEMENT_ID,
} from '@mend/shared';

export type { Dictionary };

/**
 * The page's language, as the server wrote it in `<html lang>` (issue 28: the user's choice, else the browser's):
 * "fr-CA" is French. The server's dictionary in the page root is that language's.
 */
export function languageOfTag(tag: string | null | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

export const language: Language = languageOfTag(
  typeof document === 'undefined' ? undefined : document.documentElement.lang,
);

/** The Intl locale of the page's language: dates, times, numbers and plural rules follow it. */
export const locale: string = LOCALES[language];

/** Fills a text's {name} placeholders, and its plurals by the page language's rules (`format` of @mend/shared). */
export function format(template: string, vars: Record<string, string | number> = {}): string {
  return formatIn(template, vars, locale);
}

/** What index.html holds before the server replaces it. */
export const TRANSLATIONS_PLACEHOLDER = '__MEND_TRANSLATIONS__';

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `override` onto `base`, keeping base's shape: only same-typed values replace base values. */
function mergeOnto(base: Json, override: Json): Json {
  if (isPlainObject(base)) {
    if (!isPlainObject(override)) return base;
    const out: Record<string, Json> = {};
    for (const key of Object.keys(base))
      out[key] = key in override ? mergeOnto(base[key], override[key]) : base[key];
    return out;
  }
  if (Array.isArray(base)) {
    if (!Array.isArray(override) || override.length === 0) return base;
    return override.every((item) => typeof item === 'string') ? override : base;
  }
  return typeof override === typeof base ? override : base;
}

/** Reads texts shaped like `fallback` from the raw attribute value; anything unusable gives `fallback`. */
export function loadTexts<T extends object>(raw: string | null | undefined, fallback: T): T {
  if (!raw || raw === TRANSLATIONS_PLACEHOLDER) return fallback;
  // The server's dictionary is nearly always this build's own, written as the server writes it: then the
  // bundled copy is used as it is, without parsing and merging the whole dictionary's JSON as the app starts
  // (in the one long task of evaluating the app's modules).
  if (raw === jsonAttributeValue(fallback)) return fallback;
  try {
    const parsed: Json = JSON.parse(raw);
    if (!isPlainObject(parsed)) return fallback;
    return mergeOnto(fallback, parsed) as T;
  } catch {
    return fallback;
  }
}

/** Turns the raw attribute value into a dictionary; anything unusable gives `fallback` (default `en`). */
export function loadTranslations(raw: string | null | undefined, fallback: Dictionary = en): Dictionary {
  return loadTexts(raw, fallback);
}

function readRootAttribute(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.getElementById(ROOT_ELEMENT_ID)?.dataset.translations;
}

/** The dictionary, read once at start-up. Use `t.section.key` and `format(t.x.y, { name })`. */
export const t: Dictionary = loadTranslations(readRootAttribute());

/**
 * Translates the texts of one dictionary into another's, by the source text (gettext's way: the English text is the
 * message's id). Built for `inPageLanguage`; takes the dictionaries and locale so it can be tested in any language.
 */
export function textTranslator(
  source: Dictionary,
  target: Dictionary,
  targetLocale: string,
): (text: string) => string {
  let exact: Map<string, string> | undefined;
  let templates: Array<{ pattern: RegExp; names: string[]; target: string }> | undefined;

  /** Walks both dictionaries along the same key paths, once, on the first text asked for. */
  const build = () => {
    exact = new Map();
    const found: Array<{ source: string; target: string }> = [];
    const walk = (from: Json, to: Json): void => {
      if (typeof from === 'string') {
        if (typeof to !== 'string' || to === from) return;
        if (!PLACEHOLDER.test(from)) {
          // The same English text may sit under two keys: the first key's translation is kept.
          if (!exact?.has(from)) exact?.set(from, to);
        } else if (!ICU_TEMPLATE.test(from) && TEMPLATE_WORD.test(literalText(from))) {
          found.push({ source: from, target: to });
        }
        return;
      }
      if (typeof from !== 'object' || from === null || typeof to !== 'object' || to === null) return;
      for (const [key, value] of Object.entries(from)) walk(value, (to as Record<string, Json>)[key]);
    };
    walk(source, target);
    templates = found
      .map((entry) => {
        const names: string[] = [];
        const body = entry.source
          .split(PLACEHOLDERS)
          .map((part, index) => {
            // split() with one capture group alternates literal text and placeholder names.
            if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(part);
            return '(.*?)';
          })
          .join('');
        return { pattern: new RegExp(`^${body}$`, 's'), names, target: entry.target, source: entry.source };
      })
      // The template with the most text of its own is the most telling: tried first.
      .sort((a, b) => literalText(b.source).length - literalText(a.source).length);
  };

  const translate = (text: string, depth: number): string => {
    if (!exact || !templates) build();
    const known = exact?.get(text);
    if (known !== undefined) return known;
    for (const template of templates ?? []) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const vars: Record<string, string> = {};
      template.names.forEach((name, index) => {
        const value = match[index + 1] ?? '';
        // A {message} or {entity} placeholder holds a dictionary text itself ("row 2, email: Invalid Email");
        // other values are data (a title may well read "Open"), carried over as they are.
        vars[name] = DICTIONARY_VALUES.has(name) && depth < 2 ? translate(value, depth + 1) : value;
      });
      return formatIn(template.target, vars, targetLocale);
    }
    return text;
  };
  return (text) => translate(text, 0);
}

/** A {name} placeholder; PLACEHOLDERS splits a template on them, keeping the names. */
const PLACEHOLDER = /\{\w+\}/;
const PLACEHOLDERS = /\{(\w+)\}/;
/**
 * ICU plural or select templates are left out: their English forms would each need a pattern, and the server's
 * messages hold none of them (their numbers are in plain {name} templates).
 */
const ICU_TEMPLATE = /\{\s*\w+\s*,\s*(?:plural|selectordinal|select)\s*,/;
/** A template recognizes texts only by a word of its own: "{label}: {value}" would match any text with a colon. */
const TEMPLATE_WORD = /\p{L}{3,}/u;
/** Placeholders whose values are dictionary texts themselves. */
const DICTIONARY_VALUES = new Set(['message', 'entity']);
/** A template's own text, without its placeholders. */
const literalText = (template: string) => template.replace(/\{\w+\}/g, '');

let pageTranslator: ((text: string) => string) | undefined;

/**
 * A text of the English dictionary in the page's language; any other text as it is. The server answers in English,
 * the API's language (its `message`s, a 422's field errors), and the shared zod schemas are built with the English
 * dictionary: the web shows those texts in the reader's language by finding them in `en` (an exact text, or a
 * template with {name} placeholders whose values are carried over) and taking the same key's text in `t`.
 */
export function inPageLanguage(text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  pageTranslator ??= textTranslator(en, t, locale);
  return pageTranslator(text);
}

/**
 * The page language's name of an English name the server sent from one of the dictionary's lists, for an answer that
 * carries the name without its value (the assignment link's priority): `listed` picks the list from a dictionary.
 */
export function listedNameInPageLanguage(
  text: string,
  listed: (words: Dictionary) => readonly string[],
): string {
  const index = listed(en).indexOf(text);
  return index < 0 ? text : (listed(t)[index] ?? text);
}
