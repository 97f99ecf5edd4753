import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { PGLITE_MEMORY_SETTINGS } from './pglite-memory.ts';

describe('PGlite memory bounds', () => {
  it('opens PGlite with its memory settings, below Postgres defaults', async () => {
    const handle = await openDatabase({});
    try {
      const { rows } = await handle.pglite!.query<{ name: string; bytes: string }>(
        `select name, pg_size_bytes(current_setting(name)) as bytes from pg_settings
          where name in ('shared_buffers', 'maintenance_work_mem', 'work_mem', 'temp_buffers')`,
      );
      const actual = Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
      const expected = Object.fromEntries(
        Object.entries(PGLITE_MEMORY_SETTINGS).map(([name, value]) => [name, Number.parseInt(value, 10) * 1024 * 1024]),
      );
      expect(actual).toEqual(expected);
      expect(actual.shared_buffers).toBeLessThanOrEqual(64 * 1024 * 1024);
      expect(actual.maintenance_work_mem).toBeLessThanOrEqual(16 * 1024 * 1024);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
