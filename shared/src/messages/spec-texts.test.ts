import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    /** Vite's (vitest runs on Vite): the modules a pattern matches, loaded. */
    glob(
      patterns: string | string[],
      options: { eager: true },
    ): Record<string, Record<string, unknown>>;
  }
}

/**
 * The spec's exact texts, as the specification quotes them (sections 2, 4, 5 and 8), by domain
 * file. A message function is quoted with the spec's placeholders ('N', '{reason}'); ARGS below
 * gives them. Each domain file marks these, and only these, in its `<domain>Spec` object
 * (decision 044). The specification is not part of the repository, so its words are copied
 * here: change one only together with the spec.
 */
const QUOTED: Record<string, string[]> = {
  auth: [
    'Email is required',
    'Invalid email address',
    'Password is required',
    'Password must be at least 6 characters',
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    'First name is required',
    'First name must be at least 2 characters',
    'Invalid phone number',
    'Please confirm your password',
    'Passwords do not match',
    'Session expired',
    'Login failed',
    'Registration failed',
    'Profile update failed',
    'Welcome back',
    ', Admin',
    'Registration successful',
    'Logged out successfully',
  ],
  blasts: [
    'Email addresses and subject are required',
    'Please upload a JPEG, PNG, or PDF file',
    'Failed to send emails',
    'Email blast completed! Sent: N, Failed: M',
    'Email blast sent successfully to N recipient(s)!',
    'Email list loaded',
    'Flyer attached',
    'Failed to fetch subscribers',
    'Failed to load subscribers',
    'Loaded N subscriber(s)',
  ],
  contact: [
    'Please fill in all fields',
    "Message sent successfully! We'll get back to you within 24 hours.",
    'Sorry, there was an error sending your message. Please try again or email us directly',
    'Failed to send message. Please try again.',
  ],
  events: [
    'Event flyer is required',
    'Please upload a JPEG image',
    'File size must be less than 5MB',
    'Event created successfully!',
    'Event updated successfully!',
    'Event deleted successfully',
    'Failed to save event',
    'Failed to delete event',
    'Failed to fetch events',
  ],
  minecraft: ['Server IP copied to clipboard!'],
  newsletter: [
    'Please enter your email address',
    'Successfully subscribed!',
    'Failed to subscribe. Please try again.',
  ],
  orders: [
    'Order status updated successfully',
    'Failed to update order status',
    'Shipping information added successfully',
    'Failed to add shipping information',
    'Missing payment information',
    'Payment execution failed',
    'Payment verification failed',
  ],
  payments: [
    'Failed to load PayPal. Please try another payment method.',
    'Payment verification failed. Please contact support.',
    'Payment failed. Please try again.',
    'Payment cancelled',
    'Payment verification failed. Please contact support with your transaction hash.',
    'Payment failed: {reason}',
    'Failed to connect wallet',
    'Transaction failed',
    'Payment failed',
    'Wallet connected successfully!',
    'Payment completed successfully!',
    'Please connect your wallet first',
    'Insufficient USDT balance',
    'Insufficient ALPH balance',
    'Transaction submitted! Waiting for confirmation...',
    'Extension Wallet for Alephium is not installed. Please install it from the Chrome Web Store.',
    'Alephium provider not found',
  ],
  projects: [
    'Please enter your name',
    'Please enter your email address',
    'Please enter a valid email address',
    'Please select a service',
    'Please provide project details',
    'Please provide more details about your project (at least 10 characters)',
    'Maximum 20 files allowed',
    'Files must be under 400MB. N file(s) too large.',
    'Failed to submit project',
    'Failed to submit project. Please try again.',
    'Server error (status): statusText',
  ],
  shop: [
    'Unable to load products at this time.',
    'Please check your internet connection and try again.',
    'No Products Found',
  ],
};

/** The spec's placeholders for the message functions it quotes. */
const ARGS: Record<string, string[]> = {
  'blasts.completedWithFailures': ['N', 'M'],
  'blasts.sentTo': ['N'],
  'blasts.subscribersLoaded': ['N'],
  'payments.cryptoFailed': ['{reason}'],
  'projects.filesTooLarge': ['N'],
  'projects.serverError': ['status', 'statusText'],
};

/** The spec gives these words to more than one form. */
const IN_TWO_DOMAINS = { 'Please enter your email address': ['newsletter', 'projects'] };

const modules = Object.entries(import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true })).map(
  ([file, exports]) => ({ domain: file.replace(/^\.\/(.*)\.ts$/, '$1'), exports }),
);

type Texts = Record<string, unknown>;

/** Each domain's spec object, with its texts as the spec quotes them. */
const marked = modules.flatMap(({ domain, exports }) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Spec'))
    .map(([name, value]) => {
      const texts = Object.entries(value as Texts).map(([key, text]) => {
        if (typeof text === 'string') return text;
        const args = ARGS[`${domain}.${key}`];
        if (typeof text !== 'function' || !args)
          throw new Error(`${domain}.${key}: give the spec's placeholders in ARGS`);
        return (text as (...a: string[]) => string)(...args);
      });
      return { domain, name, spec: value as Texts, texts };
    }),
);

describe('the spec-marked texts of shared/src/messages', () => {
  it('are the texts quoted above, domain by domain, and no others', () => {
    const found = Object.fromEntries(marked.map((m) => [m.domain, [...m.texts].sort()]));
    const quoted = Object.fromEntries(
      Object.entries(QUOTED).map(([domain, texts]) => [domain, [...texts].sort()]),
    );
    expect(found).toEqual(quoted);
  });

  it('are unique within a domain', () => {
    for (const { domain, texts } of marked)
      expect(
        texts.filter((text, i) => texts.indexOf(text) !== i),
        domain,
      ).toEqual([]);
  });

  it('sit in two domains only where the spec gives both the same words', () => {
    const domainsOf = new Map<string, string[]>();
    for (const { domain, texts } of marked)
      for (const text of texts) domainsOf.set(text, [...(domainsOf.get(text) ?? []), domain]);
    const shared = [...domainsOf].filter(([, domains]) => domains.length > 1);
    expect(Object.fromEntries(shared.map(([text, domains]) => [text, domains.sort()]))).toEqual(
      IN_TWO_DOMAINS,
    );
  });

  it("reach their domain's messages unchanged (no key of ours overrides one of the spec's)", () => {
    for (const { domain, name, spec } of marked) {
      const messages = modules.find((m) => m.domain === domain)?.exports[
        name.replace(/Spec$/, 'Messages')
      ] as Texts | undefined;
      expect(messages, `${domain}: ${name} without its messages`).toBeDefined();
      for (const [key, text] of Object.entries(spec))
        expect(messages?.[key], `${domain}.${key}`).toBe(text);
    }
  });

  it('follow one shape: a file exports one `<domain>Messages`, and at most one `<domain>Spec`', () => {
    const shapes = modules.map(({ domain, exports }) => {
      const names = Object.keys(exports);
      const messages = names.filter((n) => n.endsWith('Messages'));
      const specs = names.filter((n) => n.endsWith('Spec'));
      return {
        domain,
        ok:
          messages.length === 1 &&
          specs.length <= 1 &&
          names.length === messages.length + specs.length &&
          specs.every((s) => s.replace(/Spec$/, 'Messages') === messages[0]),
      };
    });
    expect(shapes.filter((s) => !s.ok)).toEqual([]);
    expect(modules.length).toBeGreaterThanOrEqual(20);
  });
});
