/**
 * The web pages that emailed links open without signing in, each with its token in the path: the server writes the
 * links (an assignment's answer, a sign-off, an owner's approval, unsubscribe, password reset), the web routes them,
 * and the server reads a page's address back to open it in the language of the link's reader (issue 28 §3).
 */
export const LINK_PAGES = {
  assignment: '/assignment',
  signoff: '/signoff',
  approval: '/approvals',
  unsubscribe: '/unsubscribe',
  passwordReset: '/password/reset',
} as const;

export type LinkPage = keyof typeof LINK_PAGES;

/** The path of `page` that carries `token`: `/signoff/{token}`. */
export const linkPagePath = (page: LinkPage, token: string): string => `${LINK_PAGES[page]}/${token}`;

/** The web router's pattern of `page`: `/signoff/:token`. */
export const linkPageRoute = (page: LinkPage): string => linkPagePath(page, ':token');

const PAGE_BY_PATH: ReadonlyMap<string, LinkPage> = new Map(
  Object.entries(LINK_PAGES).map(([page, path]) => [path, page as LinkPage]),
);

/** The page and token an address opens (a path, with any query or fragment), when it is one of LINK_PAGES. */
export function readLinkPagePath(address: string): { page: LinkPage; token: string } | null {
  const path = address.replace(/[?#].*$/s, '').replace(/\/$/, '');
  const cut = path.lastIndexOf('/');
  const page = PAGE_BY_PATH.get(path.slice(0, cut));
  const token = path.slice(cut + 1);
  return page !== undefined && token !== '' ? { page, token } : null;
}
