/**
 * A signed-out visitor's saves at the data layer (issue 30): the deals kept on the phone (shown on
 * /saved, merged into the account at sign-in), and the signed action that waits for a sign-in and is
 * then done. The cookies' contents are read in guest-saves.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appMeta, listings, savedListings } from '#db/schema.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { parseWith } from '#platform/http/result.ts';
import { savedSearchSchema } from './saved.ts';
import { saveSearch, type SavedDeal } from './saved.server.ts';
import {
  PENDING_ACTION_SECONDS,
  pendingActionSchema,
  type FinishedAction,
  type PendingAction,
  type PendingRequest,
} from './guest-saves.ts';

/** The key signing pending actions: made once per database and kept in `app_meta`. */
const keys = new WeakMap<Database, Promise<string>>();

function signingKey(db: Database): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appMeta)
        .values({ key: 'pending_action_key', value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'pending_action_key'));
      return row!.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The cookie's value of an action asked for at `now`: its JSON (base64url) and its signature; valid PENDING_ACTION_SECONDS. */
export async function pendingActionValue(db: Database, action: PendingRequest, now: Date): Promise<string> {
  const body = Buffer.from(JSON.stringify({ ...action, until: now.getTime() + PENDING_ACTION_SECONDS * 1000 })).toString('base64url');
  return `${body}.${mac(await signingKey(db), body)}`;
}

/** The pending action of a cookie's value: null when it is missing, forged, malformed or expired. */
export async function readPendingAction(db: Database, value: string | undefined, now: Date): Promise<PendingAction | null> {
  if (!value || value.length > 2_000) return null;
  const [body, signature, ...rest] = value.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(await signingKey(db), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = pendingActionSchema.safeParse(json);
  return parsed.success && parsed.data.until > now.getTime() ? parsed.data : null;
}

/** Which of `ids` are public listings now. */
async function publicIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), isPublic));
  return new Set(rows.map((row) => row.id));
}

/** Whether a listing may be kept (on a phone or in an account): it is public. */
export async function isSavable(db: Database, listingId: number): Promise<boolean> {
  return (await publicIds(db, [listingId])).has(listingId);
}

/**
 * Saves a public listing in the account (already saved stays saved: never a toggle, so finishing
 * twice changes nothing). False when the listing is not public.
 */
export async function ensureSaved(db: Database, userId: string, listingId: number): Promise<boolean> {
  if (!(await isSavable(db, listingId))) return false;
  await db.insert(savedListings).values({ userId, listingId }).onConflictDoNothing();
  return true;
}

/**
 * Moves the deals kept on a phone into the account: the public ones, the newest kept saved last so it
 * lists first; those already saved stay as they were. Idempotent. How many were new.
 */
export async function mergePhoneSaves(db: Database, userId: string, ids: readonly number[], now: Date): Promise<number> {
  const open = await publicIds(db, ids);
  const kept = ids.filter((id) => open.has(id));
  if (kept.length === 0) return 0;
  // ids are newest first: the oldest gets the earliest time.
  const values = kept.map((listingId, index) => ({ userId, listingId, createdAt: new Date(now.getTime() - index) }));
  const added = await db.insert(savedListings).values(values).onConflictDoNothing().returning({ listingId: savedListings.listingId });
  return added.length;
}

/** The deals kept on a phone, in its order (newest first): public ones only (a cookie names any id). */
export async function phoneSavedDeals(db: Database, ids: readonly number[]): Promise<Omit<SavedDeal, 'savedAt'>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: listings.id,
      productName: listings.productName,
      companyName: listings.companyName,
      discount: listings.discount,
      photo: listings.photo,
      endsAt: listings.endsAt,
    })
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), isPublic));
  const byId = new Map(rows.map((row) => [row.id, { ...row, available: true }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Does what the guest asked for, now that they are signed in as `userId`. */
export async function finishPendingAction(db: Database, userId: string, action: PendingAction, now: Date): Promise<FinishedAction> {
  if (action.kind === 'save-deal') {
    return { kind: 'save-deal', listingId: action.listingId, saved: await ensureSaved(db, userId, action.listingId) };
  }
  const input = parseWith(savedSearchSchema, action.search);
  if (!input.ok) return { kind: 'save-search', outcome: 'refused' };
  const saved = await saveSearch(db, userId, input.value, now);
  if (saved.ok) return { kind: 'save-search', outcome: 'saved' };
  return { kind: 'save-search', outcome: saved.status === 409 ? 'duplicate' : saved.status === 422 ? 'too_many' : 'refused' };
}
