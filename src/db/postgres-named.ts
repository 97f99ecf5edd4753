/**
 * node-postgres with named statements: the pool's queries name their SQL text, so each connection
 * parses and plans a statement once and then only binds and executes it (node-postgres keeps the
 * names a connection has prepared). The same reason as pglite-prepared.ts, on the server: a page's
 * few statements were parsed and planned on every render (issue 31).
 *
 * Only the first `MAX_NAMED` distinct texts of the process are named (a page's hot statements are
 * a few dozen; a text that varies with the length of an id list would otherwise prepare without
 * end: a connection never forgets a name). A statement whose table changed under it (a migration by
 * a newer process) fails with 0A000 once: it is run again without a name.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { wantsCustomPlan } from './custom-plan.ts';

export const MAX_NAMED = 150;

type QueryConfig = { text: string; name?: string; [key: string]: unknown };

export function namingStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) {
      name = `sefer_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    // A callback, a plain text or an already named statement: as node-postgres would run it.
    if (args.length > 2 || typeof values === 'function' || !isConfig(config) || config.name) return query(...args);
    const name = wantsCustomPlan(config.text) ? undefined : nameOf(config.text);
    if (!name) return query(...args);
    return query({ ...config, name }, values).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000') throw error;
      return query(config, values);
    });
  };
}

function isConfig(config: unknown): config is QueryConfig {
  return typeof config === 'object' && config !== null && typeof (config as QueryConfig).text === 'string';
}
