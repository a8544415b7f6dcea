/**
 * Whether the window is a phone's (at most LAYOUT_PHONE_MAX_EM wide, Mantine's `sm`): the list screens show
 * compact cards there instead of their tables. A page the server rendered for a phone or not (ADR 0015)
 * hydrates with what it was rendered for, then follows the browser; elsewhere the first render reads the
 * window, so a screen never shows its table and then its cards.
 */
import { useMediaQuery } from '@mantine/hooks';
import { LAYOUT_PHONE_MAX_EM } from '@mend/shared';
import { useHydrated, usePageRender } from '../lib/prerendered';

export const PHONE_MEDIA_QUERY = `(max-width: ${LAYOUT_PHONE_MAX_EM}em)`;

export function usePhoneLayout(): boolean {
  const pageRender = usePageRender();
  const hydrated = useHydrated();
  return useMediaQuery(PHONE_MEDIA_QUERY, pageRender?.phone ?? false, {
    getInitialValueInEffect: !hydrated,
  });
}
