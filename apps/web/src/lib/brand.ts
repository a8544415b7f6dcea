/**
 * Mend's colours, without Mantine: the theme (./theme.ts) and the build's web app manifest (vite.config.ts, the
 * installed app's title bar and splash screen) both read them.
 */

/** Mend blue: calm and trustworthy, with enough contrast for text on white at shade 7. */
export const MEND_BLUE = [
  '#eaf1fa',
  '#d2e0f1',
  '#a3bfe3',
  '#709bd5',
  '#477dc9',
  '#2e6ac2',
  '#2160c0',
  '#1c4f8a',
  '#16437a',
  '#0e3564',
] as const;

/** The primary shade in the light scheme (theme.ts `primaryShade.light`): the page's and the app's theme colour. */
export const THEME_COLOR = MEND_BLUE[7];
