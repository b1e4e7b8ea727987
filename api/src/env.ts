import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limits } from '@studio/shared/limits';
import { authMessages } from '@studio/shared/messages/auth';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are read from here. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const evmAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((v) => path.resolve(repoRoot, v)),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .regex(limits.emailPattern, 'must be an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, authMessages.passwordComplexity)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built site served at `/`; relative to the repository root. */
  SITE_DIR: z
    .string()
    .min(1)
    .default('./site/dist')
    .transform((v) => path.resolve(repoRoot, v)),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** Sign-in and sign-up attempts allowed per client address per window. */
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  /** Sign-ups allowed per e-mail address per window (sign-ins: LOGIN_*). */
  AUTH_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  /** Wrong passwords one known device (device cookie) may send per auth window, then it is locked. */
  LOGIN_FAILURES_PER_DEVICE: positiveInt.default(5),
  /** Wrong passwords per client address and account per auth window, from unknown devices. */
  LOGIN_FAILURES_PER_ADDRESS: positiveInt.default(5),
  /** Wrong passwords per account per hour from all unknown devices together (decision 024). */
  LOGIN_FAILURES_PER_HOUR: positiveInt.default(10),
  /** Wrong passwords an account takes from unknown devices before each next try must wait. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(0).default(3),
  /** The first of those waits; doubles with each failure, up to the auth window. Fractions allowed. */
  LOGIN_DELAY_SECONDS: z.coerce.number().positive({ error: 'must be greater than 0' }).default(1),
  /** The address people reach the site at, for links in e-mails. Default: http://localhost:PORT. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Signs links and device cookies. Unset: generated once into the database, so every process
   * shares it (an older $DATA_DIR/.app-secret is adopted).
   */
  APP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** e.g. smtp://user:pass@smtp.example.com:587. Unset: mail is written to $DATA_DIR/outbox. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Studio <no-reply@studio.local>'),
  /** The business inbox: contact messages and submission notices go here. */
  CONTACT_TO: z
    .string()
    .trim()
    .toLowerCase()
    .regex(limits.emailPattern, 'must be an e-mail address')
    .default('hello@studio.local'),
  /** Comma-separated addresses a form may name as its recipient; any other goes to CONTACT_TO. */
  CONTACT_RECIPIENT_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(limits.emailPattern, 'must list e-mail addresses'))),
  /** Project submissions per client address per hour. */
  SUBMISSION_RATE_LIMIT_PER_HOUR: positiveInt.default(10),
  /** Contact messages and newsletter sign-ups per client address per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: positiveInt.default(20),

  // The seller on receipts and invoices; read only through services/invoices/business-details.ts (decision 036).
  BUSINESS_NAME: z.string().trim().min(1).max(120).default('Studio'),
  /** Postal address, its lines separated by `|`: `12 Harbour Street|Leeds LS1 4AB|United Kingdom`. */
  BUSINESS_ADDRESS: z.string().max(400).default(''),
  /** Unset: CONTACT_TO. */
  BUSINESS_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .regex(limits.emailPattern, 'must be an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Unset: PUBLIC_URL. */
  BUSINESS_WEBSITE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** VAT or other tax number, printed on invoices when set. */
  BUSINESS_TAX_ID: z
    .string()
    .trim()
    .max(60)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The last words of every invoice (payment terms, thanks); `|` separates lines. */
  INVOICE_FOOTER: z
    .string()
    .max(600)
    .default('Paid in full: nothing is due. Thank you for your business.'),

  // Payments. A method whose settings are missing is reported disabled, never faked.
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api-m.sandbox.paypal.com')
    .transform((v) => v.replace(/\/$/, '')),
  PAYPAL_WEBHOOK_ID: optionalText,
  EVM_RPC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EVM_CHAIN_ID: positiveInt.optional().or(z.literal('').transform(() => undefined)),
  USDT_CONTRACT: evmAddress,
  MERCHANT_EVM_ADDRESS: evmAddress,
  EVM_CONFIRMATIONS: positiveInt.default(3),
  ALPH_NODE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((v) => v?.replace(/\/$/, '')),
  ALPH_MERCHANT_ADDRESS: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{40,60}$/, 'must be an Alephium address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALPH_USD_RATE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal number such as 0.5')
    .refine((v) => Number(v) > 0, 'must be greater than 0')
    .default('0.5'),
  ALPH_CONFIRMATIONS: positiveInt.default(1),
  /** How long a pending crypto or PayPal payment is re-checked before it is marked expired. */
  PAYMENT_WATCH_MINUTES: positiveInt.default(120),
  /**
   * How long one call to a payment peer (PayPal, the EVM RPC, the Alephium node) may take before
   * it is retried once (with the same idempotency key), then answered 503 and re-checked later.
   */
  PAYMENT_PROVIDER_TIMEOUT_MS: positiveInt.default(8000),
  /** Payment quotes, PayPal orders and confirmations per client address per hour. */
  PAYMENT_RATE_LIMIT_PER_HOUR: positiveInt.default(60),
  /** Products at or under this stock count as low stock on the dashboard. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(5),
  /** An unpaid shop order holds its stock this long, then it is cancelled and the stock returns. */
  ORDER_HOLD_MINUTES: positiveInt.default(30),
  /** Unpaid orders holding stock a customer may have at once (decision 026). */
  ORDER_MAX_UNPAID: positiveInt.default(3),
  /** Orders placed per account, and per client address, per hour. */
  ORDER_RATE_LIMIT_PER_HOUR: positiveInt.default(20),
  /**
   * Transactions offered for a payment that do not pay it, per payment and per client address
   * per hour; past either, such an offer answers 429 (one that pays is still taken).
   */
  PAYMENT_FAILED_OFFERS_PER_QUOTE: positiveInt.default(5),
  PAYMENT_FAILED_OFFERS_PER_IP: positiveInt.default(10),
  /** First delay before re-checking a pending payment; doubles each time, up to 10 minutes. */
  PAYMENT_RECHECK_SECONDS: positiveInt.default(15),
  /**
   * First delay before mailing again a message the mail server refused for now (4xx, or down);
   * doubles each time, up to an hour, for at most 15 attempts (about 10 h at the default).
   * Fractions allowed.
   */
  MAIL_RETRY_SECONDS: z.coerce.number().positive({ error: 'must be greater than 0' }).default(30),
  /** E-mail blast messages sent per second (per blast); fractions such as 0.5 allowed. */
  BLAST_RATE: z.coerce.number().positive({ error: 'must be greater than 0' }).max(1000).default(10),
  /**
   * How long an e-mail blast pauses when the mail server refuses for now (4xx, or down); doubles
   * with each refusal in a row, up to an hour. Fractions allowed.
   */
  BLAST_PAUSE_SECONDS: z.coerce.number().positive({ error: 'must be greater than 0' }).default(30),
  /**
   * Rate-limit counters in this Redis (redis:// or rediss://, a database number as its path)
   * instead of PostgreSQL. While it is unreachable they are counted in PostgreSQL (decision 031).
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of this deployment's keys in REDIS_URL, so several may share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ : . or -')
    .default('studio:'),

  /** Where uploaded files live: `local` ($DATA_DIR/uploads) or `s3`, a bucket (decision 029). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible service's address; unset for AWS itself (by S3_REGION). */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** The bucket in the path (https://host/bucket/key), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * How a buyer's download leaves the bucket (decision 045): `redirect`, counted by the API and
   * sent to a presigned URL of the bucket; `stream`, through the API (a bucket buyers cannot
   * reach).
   */
  S3_DOWNLOADS: z.enum(['redirect', 'stream']).default('redirect'),
  /** The bucket's address as buyers reach it, when the API reaches it by another; unset: S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** With STORAGE=s3 the bucket, its region and its keys are needed (S3_ENDPOINT only off AWS). */
const configSchema = envSchema.superRefine((env, ctx) => {
  if (env.STORAGE !== 's3') return;
  for (const name of [
    'S3_REGION',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ] as const)
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE=s3' });
});

export type Env = z.output<typeof envSchema> & { PUBLIC_URL: string };

export class EnvError extends Error {}

/**
 * Parses the configuration once. A bad value throws an `EnvError` naming each variable, e.g.
 * `PORT: Invalid input: expected number, received NaN`.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = configSchema.safeParse(source);
  if (result.success) {
    const env = result.data;
    return {
      ...env,
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    };
  }
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Loads `.env` from the repository root, when there is one, without overriding the shell. */
export function loadDotEnv(): void {
  const file = path.join(repoRoot, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
