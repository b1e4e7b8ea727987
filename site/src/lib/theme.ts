import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * The site's theme, also the desktop console's (it imports `@studio/site/theme`), so the
 * dashboard looks the same in both. Both are dark only. Colours are chosen for WCAG AA (4.5:1)
 * here, once, rather than patched per component (decision 038).
 */
export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  // Filled colours get black or white text, whichever reads better on the shade painted. Mantine
  // judges a colour by its light-scheme shade, so both schemes paint shade 8 (the dark scheme's
  // default): white on orange, green or teal 8 was under 4.5:1. At 0.19 red 8 keeps white (4.5:1).
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.19,
  components: {
    // The site's toasts sit top right, clear of the newsletter box and the footer at the page's
    // end; the admin places its own at the bottom, clear of its header buttons (`placeToasts`).
    Notifications: { defaultProps: { position: 'top-right' } },
    // A modal's or drawer's close button has a name even where the modal gives it none.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Dark-scheme tokens Mantine sets under 4.5:1 against the cards and inputs (#2e2e2e) they sit on:
 * links (violet 4: 4.0:1, violet 3: 5.6:1), placeholders (dark 3: 2.5:1; #9e9e9e: 5.1:1, still
 * below the text's grey) and dimmed text (dark 2: 3.5:1, dark 1: 6.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-anchor': 'var(--mantine-color-violet-3)',
    '--mantine-color-placeholder': '#9e9e9e',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});
