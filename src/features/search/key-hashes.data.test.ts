/**
 * The search's key hashes are computed in the app (key-hashes.ts) and must be the very numbers the
 * listings keep (`search_hashes`, from the database's `search_key_hashes`), or a search finds nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { hashText, searchKeyHashes } from './key-hashes.ts';

/** Every length around lookup3's 12-byte blocks, Latin and Ge'ez (three bytes a letter), the search's own key forms. */
const KEYS = [
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  'abcde',
  'abcdefg',
  'abcdefgh',
  'abcdefghijk',
  'abcdefghijkl',
  'abcdefghijklm',
  'abcdefghijklmnopqrstuvwxyz0123456789',
  'coffee',
  '~kof',
  'ቡና',
  '~buna',
  'የሠርግ ልብስ',
  'ሰፈር',
  'ሻይ ቡና ቤት አዲስ አበባ ቦሌ',
  'x'.repeat(25),
  'café',
  '🙂 emoji',
];

describe.each(drivers())('search key hashes on %s', (driver) => {
  const t = useTestDatabase(driver);

  it("are Postgres's hashtext, key by key", async () => {
    const result = await t.db.execute<{ key: string; hash: number }>(
      sql`select k as key, hashtext(k) as hash from unnest(${`{${KEYS.map((k) => `"${k}"`).join(',')}}`}::text[]) as k`,
    );
    const rows = (result as unknown as { rows: { key: string; hash: number }[] }).rows;
    expect(rows).toHaveLength(KEYS.length);
    for (const row of rows) expect(hashText(row.key), JSON.stringify(row.key)).toBe(Number(row.hash));
  });

  it('are what search_key_hashes gives: distinct and ascending', async () => {
    const keys = [...KEYS, 'coffee', 'ቡና'];
    const result = await t.db.execute<{ hashes: number[] }>(
      sql`select search_key_hashes(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[]) as hashes`,
    );
    const [row] = (result as unknown as { rows: { hashes: number[] }[] }).rows;
    expect(searchKeyHashes(keys)).toEqual(row!.hashes.map(Number));
  });
});
