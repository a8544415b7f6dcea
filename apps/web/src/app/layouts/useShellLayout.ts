/**
 * The signed-in layout's widths and its menu: collapsed (at most LAYOUT_COLLAPSE_PX wide) and on a phone (at
 * most LAYOUT_PHONE_MAX_EM), and whether the menu is opened over the page (closed on navigation, on Escape
 * and when the layout widens).
 */
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { LAYOUT_COLLAPSE_PX, LAYOUT_PHONE_MAX_EM } from '@mend/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageRender } from '../../lib/prerendered';

export function useShellLayout() {
  // A page rendered on the server hydrates with the widths it was rendered for; the browser's own follow.
  const pageRender = usePageRender();
  const collapsed = useMediaQuery(`(max-width: ${LAYOUT_COLLAPSE_PX}px)`, pageRender?.collapsed ?? false, {
    getInitialValueInEffect: pageRender !== null,
  });
  const phone = useMediaQuery(`(max-width: ${LAYOUT_PHONE_MAX_EM}em)`, pageRender?.phone ?? false, {
    getInitialValueInEffect: pageRender !== null,
  });
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // Close the opened menu on navigation, on Escape and when the layout widens.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (opened) close();
  }
  useEffect(() => {
    if (!collapsed) close();
  }, [collapsed, close]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  return { collapsed, phone, opened, toggle, close };
}
