import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env.ts';
import { businessDetails } from './business-details.ts';

describe('business details (decision 036)', () => {
  it('default to the site’s own: its name, CONTACT_TO and PUBLIC_URL, with no address or tax id', () => {
    expect(businessDetails(parseEnv({ CONTACT_TO: 'hello@studio.example', PORT: '4000' }))).toEqual(
      {
        name: 'Studio',
        addressLines: [],
        email: 'hello@studio.example',
        website: 'http://localhost:4000',
        taxId: null,
        footerLines: ['Paid in full: nothing is due. Thank you for your business.'],
      },
    );
  });

  it('reads each setting, address and footer lines split on |', () => {
    const env = parseEnv({
      BUSINESS_NAME: ' Studio Nord ',
      BUSINESS_ADDRESS: '12 Harbour Street | Leeds LS1 4AB||United Kingdom',
      BUSINESS_EMAIL: 'Billing@Studio.Example',
      BUSINESS_WEBSITE: 'https://studio.example',
      BUSINESS_TAX_ID: 'GB123456789',
      INVOICE_FOOTER: 'Payment due on receipt.|Thank you!',
    });
    expect(businessDetails(env)).toEqual({
      name: 'Studio Nord',
      addressLines: ['12 Harbour Street', 'Leeds LS1 4AB', 'United Kingdom'],
      email: 'billing@studio.example',
      website: 'https://studio.example',
      taxId: 'GB123456789',
      footerLines: ['Payment due on receipt.', 'Thank you!'],
    });
  });

  it.each([
    [{ BUSINESS_EMAIL: 'not an address' }, 'BUSINESS_EMAIL'],
    [{ BUSINESS_WEBSITE: 'ftp://studio.example' }, 'BUSINESS_WEBSITE'],
    [{ BUSINESS_NAME: '   ' }, 'BUSINESS_NAME'],
    [{ BUSINESS_TAX_ID: 'x'.repeat(61) }, 'BUSINESS_TAX_ID'],
  ])('%j stops start-up naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\n  ${name}: `));
  });
});
