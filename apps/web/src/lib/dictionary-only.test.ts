/**
 * Every text the app shows comes from the page's dictionary (issue 28 §3): a text written in a component would stay
 * English on a French page. Reads every module of the web app (not its tests) and fails on
 * - words written as JSX text (`<Button>Save</Button>`),
 * - words given as a literal to a prop or an object key that people read or hear (label, title, placeholder,
 *   aria-label, alt, description, error, message...),
 * - the English dictionary imported anywhere but lib/translations.ts, which picks the page's own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Props and keys whose text people read or hear. */
const READ_ALOUD = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'description',
  'error',
  'message',
  'nothingFoundMessage',
  'submitLabel',
  'errorLabel',
  'tooltip',
]);

/** Literal texts that are no language's words, where they are. */
const ALLOWED = new Set([
  // A URL's scheme as the placeholder of a webhook's address.
  'features/webhooks/WebhookForm.tsx: placeholder="https://"',
]);

/** Two letters in a row: a word, not punctuation, a number or a symbol. */
const WORDS = /\p{L}{2,}/u;

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !/\.test\.|\.testing\./.test(entry)
      ? [file]
      : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

function literalOf(value: Node | null | undefined): string | null {
  if (!value) return null;
  if (value.type === 'StringLiteral') return value.value as string;
  if (value.type === 'TemplateLiteral')
    return (value.quasis as Array<{ value: { cooked: string } }>).map((part) => part.value.cooked).join('');
  if (value.type === 'JSXExpressionContainer') return literalOf(value.expression as Node);
  return null;
}

/** What a module (`relative` to src) writes itself: "file: what" lines. */
function writtenTexts(relative: string, source: string): string[] {
  const found: string[] = [];
  const program = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] }).program;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const current = node as Node;
    if (typeof current.type !== 'string') return;
    if (current.type === 'JSXText' && WORDS.test(current.value as string))
      found.push(`${relative}: text ${JSON.stringify((current.value as string).trim())}`);
    if (current.type === 'JSXAttribute') {
      const name = (current.name as { name: string }).name;
      const text = literalOf(current.value as Node);
      if (READ_ALOUD.has(name) && text !== null && WORDS.test(text))
        found.push(`${relative}: ${name}=${JSON.stringify(text)}`);
    }
    if (current.type === 'ObjectProperty' && !current.computed) {
      const key = current.key as { name?: string; value?: string };
      const text = literalOf(current.value as Node);
      if (READ_ALOUD.has(key.name ?? key.value ?? '') && text !== null && WORDS.test(text))
        found.push(`${relative}: ${key.name ?? key.value}: ${JSON.stringify(text)}`);
    }
    for (const [key, child] of Object.entries(current)) if (key !== 'loc') visit(child);
  };
  visit(program);
  if (
    relative !== 'lib/translations.ts' &&
    /import\s*\{[^}]*\ben\b[^}]*\}\s*from\s*'@mend\/shared'/.test(source)
  )
    found.push(`${relative}: imports the English dictionary`);
  return found;
}

describe('texts the app shows', () => {
  const files = modules(SOURCE);

  it('reads the whole app', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((file) => file.endsWith('TicketsPage.tsx'))).toBe(true);
  });

  it('come from the page’s dictionary, never written in a component', () => {
    const written = files
      .flatMap((file) =>
        writtenTexts(path.relative(SOURCE, file).split(path.sep).join('/'), readFileSync(file, 'utf8')),
      )
      .filter((line) => !ALLOWED.has(line));
    expect(written).toEqual([]);
  });

  it('would be caught if written', () => {
    const sample = [
      "import { en, format } from '@mend/shared';",
      'export const A = () => <Button title="Close the panel">Save changes</Button>;',
      // A template's words are caught around its placeholders.
      `export const B = { label: 'Tickets', path: '/tickets/new', message: \`Saved $\{1} tickets\` };`,
      'export const C = () => <Input aria-label={"Search"} placeholder="…" />;',
    ].join('\n');
    expect(writtenTexts('features/sample.tsx', sample)).toEqual([
      'features/sample.tsx: title="Close the panel"',
      'features/sample.tsx: text "Save changes"',
      'features/sample.tsx: label: "Tickets"',
      'features/sample.tsx: message: "Saved  tickets"',
      'features/sample.tsx: aria-label="Search"',
      'features/sample.tsx: imports the English dictionary',
    ]);
  });
});
