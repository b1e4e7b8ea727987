/** The site's theme and colour tokens, so the dashboard looks (and measures) the same in both. */
export { cssVariablesResolver, theme } from '@studio/site/theme';
