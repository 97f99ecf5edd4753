/**
 * Configuration from the environment, validated once. Every variable the app reads is here
 * (and in the README's table).
 */
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from './config-types.ts';
import { backupConfig, backupEnv, type BackupConfig } from './backup-config.server.ts';

export type { BackupConfig };
import { observabilityEnv } from './observability-env.ts';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

const optionalHttpUrl = z
  .url()
  .regex(/^https?:\/\//, 'must be an http(s) URL')
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * Pages rendered at once by one process before further requests wait briefly or get a quick 503
 * (src/platform/http/load-shedding.server.ts); measured in deploy/README.md ("Memory and sizing").
 */
export const DEFAULT_MAX_CONCURRENT_RENDERS = 8;

/** What MEDIA_STORAGE=s3 needs, all together. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    UPLOADS_DIR: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SEED_DEMO: flag(true),
    SITE_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    PAGE_KEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    MAX_CONCURRENT_RENDERS: z.coerce.number().int().min(0).max(1000).default(DEFAULT_MAX_CONCURRENT_RENDERS),
    ADMIN_EMAILS: z.string().default(''),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Secrets whose session cookies are still accepted (signed again with AUTH_SECRET): a rotation
    // signs nobody out (deploy/README.md, "Rotating AUTH_SECRET"). Comma-separated.
    AUTH_SECRET_PREVIOUS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, 'each must be at least 32 characters'))),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().default('Sefer <no-reply@sefer.local>'),
    PUBLIC_CLERK_PUBLISHABLE_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CLERK_SECRET_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CLERK_API_URL: z
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'https://api.clerk.com'),
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
    REPORT_HIDE_THRESHOLD: z.coerce.number().int().positive().max(1000).default(3),
    TRUST_PROXY: flag(false),
    ROLLING_RESTART: flag(false),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CHAPA_SECRET_KEY: z
      .string()
      .regex(/^CHASECK(_TEST)?-[\w-]+$/, 'must be a Chapa secret key (CHASECK_TEST-… or CHASECK-…)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CHAPA_WEBHOOK_SECRET: z
      .string()
      .min(8, "must be at least 8 characters (the secret hash set in Chapa's dashboard)")
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CHAPA_API_BASE: z
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'https://api.chapa.co'),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]+$/, 'must be a bot token from BotFather (digits, a colon, then letters)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TELEGRAM_BOT_USERNAME: z
      .string()
      .transform((v) => v.replace(/^@/, ''))
      .pipe(z.string().regex(/^\w{3,64}$/, "must be the bot's username (letters, digits, underscores)"))
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .regex(/^[\w-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or - (what Telegram allows)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TELEGRAM_CHANNEL_ID: z
      .string()
      .regex(/^(-100\d+|@\w{5,})$/, 'must be a channel id (-100…) or @channelusername')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TELEGRAM_API_ROOT: z
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'https://api.telegram.org'),
    MEDIA_STORAGE: z
      .enum(['local', 's3', ''], { message: 'must be local or s3' })
      .optional()
      .transform((v) => (v ? v : 'local')),
    S3_ENDPOINT: optionalHttpUrl,
    S3_REGION: optionalText,
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: optionalHttpUrl,
    ...backupEnv,
    ...observabilityEnv,
    MAP_TILE_URL: z
      .string()
      .regex(/^(https?:\/\/[^/]+)?\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL or a /path with {z}, {x} and {y}')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? '© OpenStreetMap contributors'),
  })
  .superRefine((e, ctx) => {
    // Previous secrets are accepted in favour of the one that signs: without AUTH_SECRET there is none.
    if (e.AUTH_SECRET_PREVIOUS.length > 0 && !e.AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET_PREVIOUS'], message: 'needs AUTH_SECRET, the secret that signs from now on' });
    // The bot needs its token, its name (for t.me links) and the webhook secret together.
    const telegram = {
      TELEGRAM_BOT_TOKEN: e.TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: e.TELEGRAM_BOT_USERNAME,
      TELEGRAM_WEBHOOK_SECRET: e.TELEGRAM_WEBHOOK_SECRET,
    };
    const telegramSet = Object.values(telegram).filter(Boolean).length;
    if (telegramSet > 0 && telegramSet < 3) {
      for (const [name, value] of Object.entries(telegram)) {
        if (!value)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when any TELEGRAM_BOT_* key is set (the bot needs all three)',
          });
      }
    }
    if (e.TELEGRAM_CHANNEL_ID && telegramSet === 0) {
      ctx.addIssue({ code: 'custom', path: ['TELEGRAM_CHANNEL_ID'], message: 'needs the bot (TELEGRAM_BOT_TOKEN and the others) to post' });
    }
    // Chapa needs both: without the webhook secret, its webhooks could not be told from forgeries.
    if (Boolean(e.CHAPA_SECRET_KEY) !== Boolean(e.CHAPA_WEBHOOK_SECRET)) {
      const missing = e.CHAPA_SECRET_KEY ? 'CHAPA_WEBHOOK_SECRET' : 'CHAPA_SECRET_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other CHAPA_* key is set (Chapa needs both)' });
    }
    // The bucket needs all five; S3 settings without MEDIA_STORAGE=s3 would leave uploads on this machine's disk unnoticed.
    if (e.MEDIA_STORAGE === 's3') {
      for (const name of S3_REQUIRED) {
        if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when MEDIA_STORAGE=s3' });
      }
    } else {
      const set = [...S3_REQUIRED, 'S3_PUBLIC_URL' as const].filter((name) => e[name]);
      if (set.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['MEDIA_STORAGE'], message: `must be s3 when ${set.join(', ')} is set` });
      }
    }
    // Stripe is all or nothing: half a configuration would silently fall back to the test checkout.
    const stripe = {
      STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
      PUBLIC_STRIPE_PUBLISHABLE_KEY: e.PUBLIC_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    };
    const set = Object.values(stripe).filter(Boolean).length;
    if (set === 0 || set === 3) return;
    for (const [name, value] of Object.entries(stripe)) {
      if (!value)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any STRIPE_* key is set (Stripe needs all three)' });
    }
  });

export type { AppConfig, MediaConfig, S3Config, TelegramConfig, ClerkConfig, ChapaConfig, StripeConfig } from './config-types.ts';

/** Parses an environment; throws one readable error naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    uploadsDir: path.resolve(cwd, e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    siteUrl,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    pageKeepSeconds: e.PAGE_KEEP_SECONDS,
    maxConcurrentRenders: e.MAX_CONCURRENT_RENDERS,
    migrationsFolder: path.resolve(cwd, 'drizzle'),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    authSecret: e.AUTH_SECRET,
    authSecretPrevious: e.AUTH_SECRET_PREVIOUS,
    smtpUrl: e.SMTP_URL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    trustProxy: e.TRUST_PROXY,
    rollingRestart: e.ROLLING_RESTART,
    mailFrom: e.MAIL_FROM,
    clerk:
      e.PUBLIC_CLERK_PUBLISHABLE_KEY && e.CLERK_SECRET_KEY
        ? { publishableKey: e.PUBLIC_CLERK_PUBLISHABLE_KEY, secretKey: e.CLERK_SECRET_KEY, apiUrl: e.CLERK_API_URL.replace(/\/+$/, '') }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.PUBLIC_STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.PUBLIC_STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    chapa:
      e.CHAPA_SECRET_KEY && e.CHAPA_WEBHOOK_SECRET
        ? { secretKey: e.CHAPA_SECRET_KEY, webhookSecret: e.CHAPA_WEBHOOK_SECRET, apiBase: e.CHAPA_API_BASE.replace(/\/+$/, '') }
        : null,
    media:
      e.MEDIA_STORAGE === 's3'
        ? {
            storage: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
              region: e.S3_REGION!,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
              publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
            },
          }
        : { storage: 'local' },
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_USERNAME && e.TELEGRAM_WEBHOOK_SECRET
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            username: e.TELEGRAM_BOT_USERNAME,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            channelId: e.TELEGRAM_CHANNEL_ID,
            apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
          }
        : null,
    logLevel: e.LOG_LEVEL,
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    map: { tileUrl: e.MAP_TILE_URL, tileAttribution: e.MAP_TILE_ATTRIBUTION },
    backup: backupConfig(e, cwd),
    backupPassphrase: e.BACKUP_PASSPHRASE,
  };
}

let cached: AppConfig | undefined;

/** The process's configuration, parsed on first use. */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
