/**
 * One home for every permission (issue 24): a rule about roles lives in @mend/shared `can()` (permissions.ts), a
 * predicate about what a role is in roles.ts, and which rows an actor sees in the server's lib/scopes.ts. Everywhere
 * else asks them: this test fails, naming file:line, on a role comparison outside those three files.
 *
 * Read from the sources (as import-graph.test.ts does), with comments and the text of strings and regular expressions
 * blanked first, so that a comment saying "role < 2" or a string 'role' does not count.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];
/** The home of the role rules: the only files that compare roles. */
const HOME = [
  'packages/shared/src/permissions.ts',
  'packages/shared/src/roles.ts',
  'apps/server/src/lib/scopes.ts',
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX =
  /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await))\s*$/;

/**
 * The code of a source text: comments, and the text of strings, template literals and regular expressions, become
 * spaces (line breaks kept, so lines keep their numbers); the expressions inside `${...}` stay code.
 */
export function codeOf(text: string): string {
  let out = '';
  let i = 0;
  /** The brace depth at which each open `${` of a template literal started. */
  const templates: number[] = [];
  let depth = 0;
  const blank = (from: number, to: number) => {
    out += text.slice(from, to).replace(/[^\n]/g, ' ');
    i = to;
  };
  /** A template literal's text from `i` up to its end or its next `${`. */
  const templateText = () => {
    let j = i;
    while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) {
      j += text[j] === '\\' ? 2 : 1;
    }
    blank(i, Math.min(j, text.length));
    if (text[i] === '`') {
      out += '`';
      i++;
    } else if (i < text.length) {
      out += '${';
      i += 2;
      templates.push(depth);
    }
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end === -1 ? text.length : end);
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      blank(i, end === -1 ? text.length : end + 2);
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += c;
      i++;
      blank(i, Math.min(j, text.length));
      if (text[i] === c) {
        out += c;
        i++;
      }
    } else if (c === '`') {
      out += c;
      i++;
      templateText();
    } else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth) {
      templates.pop();
      out += c;
      i++;
      templateText();
    } else if (c === '/' && BEFORE_REGEX.test(out.slice(-40))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      out += c;
      i++;
      blank(i, Math.min(j, text.length));
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      out += c;
      i++;
    }
  }
  return out;
}

/** A role: `role`, `x.role`, or a camel-case name ending in Role (`viewerRole`); not the type `Role`. */
const ROLE_NAME = String.raw`(?:\brole|\b[a-z][\w$]*Role)\b`;
/** A comparison operator; `>` not as part of an arrow `=>`. */
const COMPARE = '(?:===|!==|==|!=|<=|>=|<|(?<!=)>)';
/** The operand before a name: `x.`, `x?.`, `x!.` chains. */
const CHAIN = String.raw`(?:[\w$]+(?:\?\.|!\.|\.))*`;

const PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'a role compared', pattern: new RegExp(`${ROLE_NAME}\\s*${COMPARE}`) },
  { what: 'a role compared', pattern: new RegExp(`${COMPARE}\\s*${CHAIN}${ROLE_NAME}`) },
  { what: 'a ROLE compared', pattern: new RegExp(String.raw`\bROLE\.\w+\s*${COMPARE}`) },
  { what: 'a ROLE compared', pattern: new RegExp(String.raw`${COMPARE}\s*(?:\w+\()?ROLE\.\w+`) },
  { what: 'a ROLE case', pattern: /\bcase\s+ROLE\./ },
  { what: 'a switch on a role', pattern: new RegExp(String.raw`\bswitch\s*\(\s*${CHAIN}${ROLE_NAME}\s*\)`) },
  {
    what: 'a role column compared in SQL',
    pattern: new RegExp(
      String.raw`\b(?:eq|ne|gt|gte|lt|lte|inArray|notInArray)\(\s*${CHAIN}${ROLE_NAME}\s*,`,
    ),
  },
  {
    what: 'a role looked up in a list',
    pattern: new RegExp(String.raw`\.(?:includes|indexOf|has)\(\s*${CHAIN}${ROLE_NAME}[^)]*\)`),
  },
];

/** Not about which role: a role tested for presence (`=== null`, `!== undefined`) or for its type. */
const PRESENCE = [
  /[!=]==?\s*(?:null|undefined)\b/g,
  /\b(?:null|undefined)\s*[!=]==?/g,
  /\btypeof\s+[\w$.?!]+\s*[!=]==?/g,
];

/** The role comparisons of a source text, as `line: what: code`. */
export function roleComparisons(text: string): string[] {
  const found: string[] = [];
  codeOf(text)
    .split('\n')
    .forEach((line, index) => {
      const code = PRESENCE.reduce((rest, presence) => rest.replace(presence, ' '), line);
      const hit = PATTERNS.find(({ pattern }) => pattern.test(code));
      if (hit) found.push(`${index + 1}: ${hit.what}: ${line.trim()}`);
    });
  return found;
}

const relative = (file: string) => path.relative(ROOT, file);
const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));

describe('the scanner', () => {
  it('catches role comparisons', () => {
    const samples = [
      'if (actor.role === ROLE.superAdmin) return;',
      'const low = user.role <= 1;',
      'if (subject.role > actor.role) {}',
      'const a = 2 < viewer.role;',
      'const b = ROLE.manager !== x;',
      'const c = x === ROLE.tenant;',
      'const d = shape.viewerRole !== ROLE.superAdmin;',
      'const e = form.values.role === String(ROLE.superAdmin);',
      'switch (actor.role) {}',
      'switch (x) { case ROLE.tenant: break; }',
      'const f = [0, 1].includes(user.role);',
      'const g = roles.includes(role);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text
      'const h = `${user?.role === 2 ? "a" : "b"}`;',
      '.where(and(gte(users.role, ROLE.manager), isNull(users.landlordId)))',
      '.where(eq(users.role, 3))',
    ];
    expect(samples.filter((sample) => roleComparisons(sample).length === 0)).toEqual([]);
    expect(roleComparisons('const a = 1;\nif (actor.role === ROLE.superAdmin) {}')).toEqual([
      '2: a role compared: if (actor.role === ROLE.superAdmin) {}',
    ]);
  });

  it('leaves other code alone', () => {
    const samples = [
      "if (type === 'tenants') return;",
      '// a manager (role < 2) may',
      '/* role > 1 */ const a = 1;',
      "const s = 'role === 1';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text
      'const t = `the role > 1 ${name}`;',
      'const r = /role === 1/;',
      'const names: Record<Role, string> = {};',
      'const list = roles.map((role) => roleName(role));',
      'const ok = role => isRole(role);',
      'function f(role: Role): Role[] { return [role]; }',
      "const p: Pick<Actor, 'role'> = actor;",
      'if (query.role === undefined) return;',
      'if (shape.role !== null) return;',
      "if (typeof raw.role === 'string') return;",
      '<div role="dialog" />',
      'const n = ROLE_NAMES[user.role];',
      'const z = () => ROLE.tenant;',
      '.where(roleIn(ROLE.contractor))',
      '.select({ id: users.id, role: users.role })',
    ];
    expect(samples.filter((sample) => roleComparisons(sample).length > 0)).toEqual([]);
  });

  it('reads the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const home of HOME) {
      expect(roleComparisons(readFileSync(path.join(ROOT, home), 'utf8')).length).toBeGreaterThan(0);
    }
  });
});

describe('role comparisons', () => {
  it('are made only in permissions.ts, roles.ts and lib/scopes.ts', () => {
    const outside = files
      .filter((file) => !HOME.includes(relative(file)))
      .flatMap((file) =>
        roleComparisons(readFileSync(file, 'utf8')).map((found) => `${relative(file)}:${found}`),
      );
    expect(outside).toEqual([]);
  });
});
