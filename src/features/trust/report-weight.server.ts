/**
 * How much one report counts toward hiding an item (decision 0024). Accounts cost nothing to make,
 * so a count of accounts let three throwaway sign-ups from one address take any deal down: a
 * report now weighs what its reporter had shown when reporting, and the reports from one client
 * address on one item count once together. Every report still reaches the admin queue.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, appMeta, listings, reports, users, type ReportItemKind } from '#db/schema.ts';
import { isPlaceholderEmail, TELEGRAM_PROVIDER_ID } from '#features/accounts/telegram-login/telegram-login.ts';

const HOUR = 3_600_000;
/** Younger accounts count 0, whatever else they show: they can be made in seconds. */
const NEW_ACCOUNT_MS = 24 * HOUR;
/** From this age an account with a confirmed email or Telegram counts fully. */
const ESTABLISHED_MS = 7 * 24 * HOUR;

/** The weights, named as decision 0024 and the README give them. */
const REPORT_WEIGHTS = { none: 0, shown: 0.5, established: 1 } as const;

/** What a reporter had shown when reporting. */
interface ReporterTrust {
  createdAt: Date;
  /** A confirmed email that is a real address (a Telegram account's placeholder is not). */
  confirmedEmail: boolean;
  telegramLinked: boolean;
  /** At least one listing of their own that an admin verified. */
  verifiedListing: boolean;
  /** An earlier report on which an admin hid the item or banned its author. */
  acceptedReport: boolean;
}

/**
 * The weight of a report from `trust` at `now`: 0 for an account under 24 hours old or with
 * neither a confirmed email nor a linked Telegram; 1 for one at least 7 days old, or with a verified
 * listing of its own or an upheld earlier report; 0.5 otherwise.
 */
export function reportWeight(trust: ReporterTrust, now: Date): number {
  const age = now.getTime() - trust.createdAt.getTime();
  // A clock set back (or a future creation time) is no age at all.
  if (!(age >= NEW_ACCOUNT_MS)) return REPORT_WEIGHTS.none;
  if (!trust.confirmedEmail && !trust.telegramLinked) return REPORT_WEIGHTS.none;
  if (age >= ESTABLISHED_MS || trust.verifiedListing || trust.acceptedReport) return REPORT_WEIGHTS.established;
  return REPORT_WEIGHTS.shown;
}

/** The reporter's trust, read in one query. Null when the account is gone. */
export async function reporterTrust(db: Database, userId: string): Promise<ReporterTrust | null> {
  const [row] = await db
    .select({
      createdAt: users.createdAt,
      email: users.email,
      emailVerified: users.emailVerified,
      telegramLinked: sql<boolean>`exists (select 1 from ${accounts} where ${and(
        eq(accounts.userId, users.id),
        eq(accounts.providerId, TELEGRAM_PROVIDER_ID),
      )})`,
      verifiedListing: sql<boolean>`exists (select 1 from ${listings} where ${and(
        eq(listings.ownerId, users.id),
        eq(listings.status, 'verified'),
      )})`,
      acceptedReport: sql<boolean>`exists (select 1 from ${reports} where ${and(
        eq(reports.reporterId, users.id),
        inArray(reports.resolution, ['hidden', 'banned']),
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    createdAt: row.createdAt,
    confirmedEmail: row.emailVerified && !isPlaceholderEmail(row.email),
    telegramLinked: row.telegramLinked,
    verifiedListing: row.verifiedListing,
    acceptedReport: row.acceptedReport,
  };
}

/** The key of the address hashes: made once per database and kept in `app_meta`. */
const keys = new WeakMap<Database, Promise<string>>();

function addressKey(db: Database): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appMeta)
        .values({ key: 'report_address_key', value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'report_address_key'));
      return row!.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * The client address as stored on a report: keyed (an unkeyed hash of an IPv4 address is undone
 * in seconds) and scoped to the item, so the table cannot link one address's reports across items.
 */
export async function reportAddressHash(
  db: Database,
  item: { kind: ReportItemKind; id: number },
  address: string | null,
): Promise<string | null> {
  if (!address) return null;
  return createHmac('sha256', await addressKey(db))
    .update(`${item.kind}:${item.id}:${address}`)
    .digest('base64url')
    .slice(0, 32);
}

/** What the weighing of an item's reports reads of each. */
export interface WeighedReport {
  reporterId: string;
  weight: number;
  addressHash: string | null;
}

/**
 * What an item's open reports weigh together: the reports from one client address count once, at
 * the highest weight among them (a report without an address stands for its account alone).
 */
export function reportsWeight(open: readonly WeighedReport[]): number {
  const bySource = new Map<string, number>();
  for (const r of open) {
    const source = r.addressHash === null ? `account:${r.reporterId}` : `address:${r.addressHash}`;
    bySource.set(source, Math.max(bySource.get(source) ?? 0, r.weight));
  }
  return [...bySource.values()].reduce((sum, w) => sum + w, 0);
}
