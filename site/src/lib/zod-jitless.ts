import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and even its probe for
 * that is reported as a violation by the site's Content-Security-Policy, which allows no eval
 * (docs/decisions/028-security-headers.md). Imported first by main.tsx, before any schema is made.
 */
config({ jitless: true });
