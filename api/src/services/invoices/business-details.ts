import type { Env } from '../../env.ts';

/** The seller as receipts and invoices show it. */
export interface BusinessDetails {
  name: string;
  addressLines: string[];
  email: string;
  website: string;
  taxId: string | null;
  /** Payment terms, thanks: the invoice's last lines. */
  footerLines: string[];
}

export type BusinessEnv = Pick<
  Env,
  | 'BUSINESS_NAME'
  | 'BUSINESS_ADDRESS'
  | 'BUSINESS_EMAIL'
  | 'BUSINESS_WEBSITE'
  | 'BUSINESS_TAX_ID'
  | 'INVOICE_FOOTER'
  | 'CONTACT_TO'
  | 'PUBLIC_URL'
>;

const lines = (text: string) =>
  text
    .split('|')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The one reader of the business settings (decision 036): env.ts parses them at start, with
 * defaults that are the site's own (its name, CONTACT_TO, PUBLIC_URL), and every receipt and
 * invoice takes the seller from here.
 */
export function businessDetails(env: BusinessEnv): BusinessDetails {
  return {
    name: env.BUSINESS_NAME,
    addressLines: lines(env.BUSINESS_ADDRESS),
    email: env.BUSINESS_EMAIL ?? env.CONTACT_TO,
    website: env.BUSINESS_WEBSITE ?? env.PUBLIC_URL,
    taxId: env.BUSINESS_TAX_ID ?? null,
    footerLines: lines(env.INVOICE_FOOTER),
  };
}
