/** A person's email address and phone number as links that write to or call them; nothing when not given. */
import { Anchor } from '@mantine/core';

export function EmailLink({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  return (
    <Anchor href={`mailto:${email}`} size="sm">
      {email}
    </Anchor>
  );
}

/** `tel:` takes the digits and a leading +: spaces, dashes and brackets are only how the number was written. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  return (
    <Anchor href={telHref(phone)} size="sm">
      {phone}
    </Anchor>
  );
}
