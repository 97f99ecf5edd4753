import type { BackupConfig } from './backup-config.server.ts';
import type { LogLevel } from './observability-env.ts';

/** The checked configuration (`config()` in config.server.ts): what every part of the app reads. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the folder for the embedded database, uploads and the outbox. */
  dataDir: string;
  /** Where resumable uploads wait (at most a day) until a listing takes them: `DATA_DIR/uploads` by default. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Public origin of the site, without a trailing slash (canonical URLs, auth base URL). */
  siteUrl: string;
  /** How long a shared cache (a CDN) may keep a public page (`s-maxage`); 0 turns the page cache off. */
  pageCacheSeconds: number;
  /**
   * The longest this process keeps a public page: it is dropped sooner when a write or the clock
   * changes what it shows (decision 30), so this only bounds what a missed change could cost.
   */
  pageKeepSeconds: number;
  /** Pages rendered at once before requests queue briefly, then get a 503 (0: no limit). */
  maxConcurrentRenders: number;
  /** Folder of drizzle-kit migrations. */
  migrationsFolder: string;
  /** Lower-cased emails of the accounts that verify listings at /admin. */
  adminEmails: string[];
  /** Secret for signing sessions; when absent one is generated and kept in the database. */
  authSecret: string | undefined;
  /** Earlier AUTH_SECRETs: their session cookies are accepted and signed again (platform/http/secret-rotation.server.ts). */
  authSecretPrevious: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Multiplies every write rate limit (tests running from one address raise it). */
  rateLimitScale: number;
  /** The weight of open reports (decision 0024) that hides a listing, request or comment until an admin decides. */
  reportHideThreshold: number;
  /** Behind a reverse proxy: read the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * One of several processes behind nginx (deploy/README.md): the port opens only once the process
   * is ready, and SIGTERM drains for a few seconds before it closes, so a rolling restart loses nothing.
   */
  rollingRestart: boolean;
  /** Clerk replaces the embedded accounts when both keys are set. */
  clerk: ClerkConfig | null;
  /** Stripe Checkout replaces the built-in test checkout when its three keys are set. */
  stripe: StripeConfig | null;
  /** Chapa is the checkout when its two keys are set (before Stripe). */
  chapa: ChapaConfig | null;
  /** Where uploads and the demo media are kept: `DATA_DIR/media` on this machine, or an S3 bucket. */
  media: MediaConfig;
  /** The Sefer bot when its token, username and webhook secret are set; otherwise Telegram is off. */
  telegram: TelegramConfig | null;
  /** The map of the listing form's "Pin it on a map": its tiles (a {z}/{x}/{y} URL template) and their credit line (text). */
  /** The least severe log lines written (LOG_LEVEL): `info` by default. */
  logLevel: LogLevel;
  /** Who may read /metrics: addresses in these CIDR ranges (METRICS_ALLOW, loopback by default), or with this bearer token. */
  metrics: { allow: string[]; token: string | undefined };
  map: { tileUrl: string; tileAttribution: string };
  /** The running app's scheduled backups, when BACKUP_DIR is set (decision 31). */
  backup: BackupConfig | null;
  /** Seals a backup's secrets (BACKUP_PASSPHRASE); without it they are left out of every backup. */
  backupPassphrase: string | undefined;
}

export type MediaConfig = { storage: 'local' } | { storage: 's3'; s3: S3Config };

export interface S3Config {
  /** The S3 API's origin (MinIO, R2, AWS…); buckets are addressed by path. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where pages link stored media (a CDN or the bucket's public address), without a trailing slash; absent: `/media/…` through the app. */
  publicUrl: string | undefined;
}

export interface TelegramConfig {
  token: string;
  /** Without the @: the bot's t.me/<username> links. */
  username: string;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token with every update. */
  webhookSecret: string;
  /** Where every newly verified listing is posted, when set. */
  channelId: string | undefined;
  /** The Bot API origin, without a trailing slash (tests point it at a local fake). */
  apiRoot: string;
}

export interface ClerkConfig {
  publishableKey: string;
  secretKey: string;
  /** Clerk's Backend API origin, without a trailing slash (tests point it at a local fake). */
  apiUrl: string;
}

export interface ChapaConfig {
  secretKey: string;
  /** The "secret hash" of Chapa's dashboard: webhooks are signed with it. */
  webhookSecret: string;
  /** Chapa's API origin, without a trailing slash (tests point it at a local fake). */
  apiBase: string;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Parses an environment; throws one readable error naming every bad variable. */
