import { createTheme } from '@mantine/core';

/** The site's theme (site/src/lib/theme.ts), so the dashboard looks the same in both. */
export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
});
