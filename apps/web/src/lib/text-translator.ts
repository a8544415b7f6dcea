/**
 * Texts of one dictionary in another's words, found by the source text (gettext's way: the English text is the
 * message's id). `inPageLanguage` (translations.ts) uses it to show the server's English messages and the shared
 * schemas' English errors in the page's language (ADR 0048); it takes the dictionaries and the locale, so it can be
 * tested in any language.
 */
import { type Dictionary, format } from '@mend/shared';

/** A template as a pattern: its English text with each placeholder a capture. */
interface Template {
  pattern: RegExp;
  /** The placeholder of each capture, in order. */
  names: string[];
  /** Placeholders whose captures are numbers (a plural's count, written as English writes numbers). */
  numbers: ReadonlySet<string>;
  /** What a plural's form tells without writing it: `=0 {No tickets}` is a count of 0. */
  fixed: Record<string, number>;
  /** The same key's text in the target dictionary. */
  target: string;
  /** The template's own text, without placeholders: the longer, the more telling. */
  literal: string;
}

/** A {name} placeholder. */
const PLACEHOLDER = /\{\w+\}/;
const PLACEHOLDERS = /\{(\w+)\}/;
const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(?:plural|selectordinal|select)\s*,/;
/** The head of an ICU plural argument: `{count, plural,`. */
const PLURAL_HEAD = /\{\s*(\w+)\s*,\s*plural\s*,/;
/** A plural form's selector and its opening brace: `one {`, `=0 {`. */
const PLURAL_SELECTOR = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;
/** A template recognizes texts only by a word of its own: "{label}: {value}" would match any text with a colon. */
const TEMPLATE_WORD = /\p{L}{3,}/u;
/**
 * Placeholders whose values may be dictionary texts themselves: a message, an entity, the statuses of a status change
 * ("Status changed from Open to Scheduled"). A value the dictionary does not hold (a name, a number) stays as it is.
 */
const DICTIONARY_VALUES = new Set(['message', 'entity', 'from', 'to']);

const literalText = (template: string) => template.replace(/\{\w+\}/g, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The plain templates an English template stands for. A text without ICU arguments is itself; a text with one plural
 * argument is one template per form, its `#` a number placeholder ("{count, plural, one {# ticket deleted.} other
 * {# tickets deleted.}}" is "{count} ticket deleted." and "{count} tickets deleted."). Select arguments, nested or
 * several plurals are left out: they come back as none.
 */
function plainTemplates(
  template: string,
): Array<{ source: string; numbers: string[]; fixed: Record<string, number> }> {
  if (!ICU_ARGUMENT.test(template)) return [{ source: template, numbers: [], fixed: {} }];
  const head = PLURAL_HEAD.exec(template);
  if (!head) return [];
  const name = head[1] ?? '';
  const forms: Array<{ selector: string; body: string }> = [];
  let at = head.index + head[0].length;
  for (;;) {
    while (/\s/.test(template[at] ?? '')) at += 1;
    if (template[at] === '}') break;
    PLURAL_SELECTOR.lastIndex = at;
    const selector = PLURAL_SELECTOR.exec(template);
    if (!selector) return [];
    at = PLURAL_SELECTOR.lastIndex;
    const start = at;
    for (let depth = 1; depth > 0; at += 1) {
      if (at >= template.length) return [];
      if (template[at] === '{') depth += 1;
      else if (template[at] === '}') depth -= 1;
    }
    forms.push({ selector: selector[1] ?? '', body: template.slice(start, at - 1) });
  }
  const before = template.slice(0, head.index);
  const after = template.slice(at + 1);
  if (ICU_ARGUMENT.test(before) || ICU_ARGUMENT.test(after)) return [];
  return forms.flatMap(({ selector, body }) => {
    if (ICU_ARGUMENT.test(body)) return [];
    const counted = body.includes('#');
    const source = before + body.replaceAll('#', `{${name}}`) + after;
    if (selector.startsWith('='))
      return [{ source, numbers: [name], fixed: { [name]: Number(selector.slice(1)) } }];
    // English's `one` is 1; another form that does not write its count cannot tell it.
    if (!counted && selector !== 'one') return [];
    return [{ source, numbers: [name], fixed: counted ? {} : { [name]: 1 } }];
  });
}

function templateOf(
  plain: { source: string; numbers: string[]; fixed: Record<string, number> },
  target: string,
): Template {
  const names: string[] = [];
  const body = plain.source
    .split(PLACEHOLDERS)
    // split() with one capture group alternates literal text and placeholder names.
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.*?)';
    })
    .join('');
  return {
    pattern: new RegExp(`^${body}$`, 's'),
    names,
    numbers: new Set(plain.numbers),
    fixed: plain.fixed,
    target,
    literal: literalText(plain.source),
  };
}

/**
 * A translator from `source`'s texts to `target`'s (the same key paths), in `targetLocale`: an exact text, or a text
 * made from a template with {name} placeholders (or one plural argument) whose values are carried over; a text it
 * does not know comes back as it is. Its tables are built on the first text asked for.
 */
export function textTranslator(
  source: Dictionary,
  target: Dictionary,
  targetLocale: string,
): (text: string) => string {
  let exact: Map<string, string> | undefined;
  let templates: Template[] = [];

  const build = () => {
    const texts = new Map<string, string>();
    const found: Template[] = [];
    const walk = (from: unknown, to: unknown): void => {
      if (typeof from === 'string') {
        if (typeof to !== 'string' || to === from) return;
        // The same English text may sit under two keys: the first key's translation is kept.
        if (!PLACEHOLDER.test(from) && !ICU_ARGUMENT.test(from)) {
          if (!texts.has(from)) texts.set(from, to);
          return;
        }
        for (const plain of plainTemplates(from))
          if (TEMPLATE_WORD.test(literalText(plain.source))) found.push(templateOf(plain, to));
        return;
      }
      if (typeof from !== 'object' || from === null || typeof to !== 'object' || to === null) return;
      for (const [key, value] of Object.entries(from)) walk(value, (to as Record<string, unknown>)[key]);
    };
    walk(source, target);
    exact = texts;
    // The template with the most text of its own is the most telling: tried first.
    templates = found.sort((a, b) => b.literal.length - a.literal.length);
  };

  const fill = (template: Template, match: RegExpExecArray, depth: number): string | null => {
    const vars: Record<string, string | number> = { ...template.fixed };
    for (const [index, name] of template.names.entries()) {
      const value = match[index + 1] ?? '';
      if (template.numbers.has(name)) {
        const count = Number(value.replaceAll(',', ''));
        if (value === '' || !Number.isFinite(count)) return null;
        vars[name] = count;
      } else {
        // A {message}, {entity}, {from} or {to} placeholder may hold a dictionary text itself ("row 2, email:
        // Invalid Email"); other values are data (a title may well read "Open"), carried over as they are.
        vars[name] = DICTIONARY_VALUES.has(name) && depth < 2 ? translate(value, depth + 1) : value;
      }
    }
    return format(template.target, vars, targetLocale);
  };

  const translate = (text: string, depth: number): string => {
    if (!exact) build();
    const known = exact?.get(text);
    if (known !== undefined) return known;
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const filled = fill(template, match, depth);
      if (filled !== null) return filled;
    }
    return text;
  };
  return (text) => translate(text, 0);
}
