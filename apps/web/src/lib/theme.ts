import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { MEND_BLUE } from './brand';

const mend: MantineColorsTuple = MEND_BLUE;

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
