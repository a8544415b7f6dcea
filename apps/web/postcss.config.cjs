// Mantine's PostCSS setup: mixins and rem/em helpers, plus its breakpoints as variables.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
        // LAYOUT_COLLAPSE_PX (1400px) from @mend/shared: the layout collapses at this width or less.
        'mend-layout-collapse': '87.5em',
      },
    },
  },
};
