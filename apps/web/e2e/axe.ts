/**
 * axe-core in the browser tests (issue 28, section 4). Its source is run in the page with page.evaluate (which the
 * app's Content-Security-Policy does not stop, as it would a script tag), once per document, and `axe.run` is called
 * there. (@axe-core/playwright takes playwright-core's Page too, but opens a new page to gather each run's results:
 * three times as slow over the hundreds of screens of accessibility.e2e.ts. The app shows no frames to run it in.)
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA (axe's tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The impacts that fail a test: a person cannot use the screen, or only with great difficulty. */
const BLOCKING_IMPACTS = ['serious', 'critical'];

/** One failed rule on one screen, with the elements it failed on. */
export interface Violation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe's WCAG 2.x A and AA rules on the page as it is, and answers its serious and critical violations. */
export async function seriousViolations(page: Page, screen: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, impacts }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations
        .filter((violation) => impacts.includes(violation.impact ?? ''))
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          nodes: violation.nodes.map((node) => ({
            target: node.target.map(String).join(' '),
            html: node.html.replace(/\s+/g, ' ').slice(0, 160),
            summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
          })),
        }));
    },
    { tags: WCAG_TAGS, impacts: BLOCKING_IMPACTS },
  );
  return violations.map((violation) => ({ screen, ...violation }));
}

/** The violations as lines to read in a failed test's message: screen, rule, impact, each element and its HTML. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.screen}: ${violation.rule} (${violation.impact}) ${violation.help}`,
        ...violation.nodes.map((node) => `    ${node.target}\n      ${node.html}\n      ${node.summary}`),
      ].join('\n'),
    )
    .join('\n');
}
