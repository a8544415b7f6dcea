/**
 * An email's subject (lib/mail/templates.ts `subjectLine`): one line that is safe as a header, with the no-break
 * spaces of a French amount or date kept as they are in the email's body.
 */
import { moneyText } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { subjectLine } from '../src/lib/mail/templates';

describe('an email’s subject', () => {
  it('turns control characters and line breaks into one space each run', () => {
    expect(subjectLine(' Leak\r\nBcc: x@evil.test\u2028in\t\tunit\u0085 4\u0000 ')).toBe(
      'Leak Bcc: x@evil.test in unit 4',
    );
  });

  it('keeps the no-break spaces of a French amount', () => {
    const total = moneyText(472_500, 'CAD', 'fr');
    expect(total).toMatch(/[\u00a0\u202f]/);
    expect(subjectLine(`Approbation requise : ${total}`)).toBe(`Approbation requise : ${total}`);
  });

  it('stops at 200 characters', () => {
    expect(subjectLine('a'.repeat(250))).toBe(`${'a'.repeat(197)}...`);
  });
});
