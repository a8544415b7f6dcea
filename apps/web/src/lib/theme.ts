import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Mend blue: calm and trustworthy, with enough contrast for text on white at shade 7. */
const mend: MantineColorsTuple = [
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
];

export const theme = createTheme({
  primaryColor: 'mend',
  primaryShade: { light: 7, dark: 4 },
  colors: { mend },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    TextInput: { defaultProps: { size: 'md' } },
    // Mantine 9 keeps every closed dropdown's options in the page (display: none), positioned by
    // Floating UI at load: a list screen's filters rendered and measured all their options.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
