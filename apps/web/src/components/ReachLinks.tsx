/** A person's email address and phone number as links that write to or call them; nothing when not given. */
import { Anchor } from '@mantine/core';

/**
 * Each link alone on its line is a target 24 px high at least (WCAG 2.5.8): at the small size's line height it was
 * 20 px, with the next link right under it.
 */
const LINK = {
  size: 'sm',
  display: 'inline-block',
  lh: '24px',
  maw: '100%',
  style: { overflowWrap: 'anywhere' },
} as const;

export function EmailLink({ email, dimmed }: { email: string | null | undefined; dimmed?: boolean }) {
  if (!email) return null;
  return (
    <Anchor href={`mailto:${email}`} c={dimmed ? 'dimmed' : undefined} {...LINK}>
      {email}
    </Anchor>
  );
}

/** `tel:` takes the digits and a leading +: spaces, dashes and brackets are only how the number was written. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function PhoneLink({ phone, dimmed }: { phone: string | null | undefined; dimmed?: boolean }) {
  if (!phone) return null;
  return (
    <Anchor href={telHref(phone)} c={dimmed ? 'dimmed' : undefined} {...LINK}>
      {phone}
    </Anchor>
  );
}
