/**
 * The database work of one request: how many statements it ran and how long the database was busy
 * for it (issue 31). The driver's query method is wrapped once when the database opens
 * (`countQueriesOf`, called by db.server.ts), on PGlite and on node-postgres alike; a request runs
 * inside `tallyQueries` (the `countQueries` middleware step) and every statement started in its
 * async context is added to its tally. Statements outside any request (the boot, background jobs)
 * are not counted.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { DatabaseHandle } from '#db/client.ts';
import { gauge, histogram } from '#platform/metrics/metrics.server.ts';

export interface QueryTally {
  /** Statements started (a transaction's BEGIN and COMMIT too on node-postgres, which sends them as statements). */
  count: number;
  /** Milliseconds during which at least one of the request's statements was running. */
  ms: number;
  /** The statements' SQL, in order, when the tally was asked to keep it (SEFER_LOG_QUERIES). */
  sql?: string[];
  /** Statements running now; `busySince` is when the first of them started. */
  running: number;
  busySince: number;
}

const tallies = new AsyncLocalStorage<QueryTally>();

/** A fresh tally; `keepSql` keeps each statement's text (for a log). */
export function newTally(keepSql = false): QueryTally {
  return { count: 0, ms: 0, running: 0, busySince: 0, ...(keepSql ? { sql: [] } : {}) };
}

/** Runs `work` with every statement it starts (directly or in anything it awaits) counted in `tally`. */
export function tallyQueries<T>(tally: QueryTally, work: () => T): T {
  return tallies.run(tally, work);
}

/** Marks a statement started in the current context; the returned function marks it finished. */
function started(text: unknown): () => void {
  const tally = tallies.getStore();
  if (!tally) return () => undefined;
  tally.count++;
  tally.sql?.push(sqlText(text));
  if (tally.running++ === 0) tally.busySince = performance.now();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--tally.running === 0) tally.ms += performance.now() - tally.busySince;
  };
}

function sqlText(text: unknown): string {
  const raw =
    typeof text === 'string' ? text : typeof text === 'object' && text !== null ? String((text as { text?: unknown }).text) : String(text);
  return raw.replace(/\s+/g, ' ').trim();
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * A query method that counts each call: a callback (last argument) or the returned promise says
 * when it finished; a call that returns neither (a pg Submittable) is counted as instantaneous.
 */
function counted<F extends AnyFunction>(query: F, self: unknown): F {
  const durations = histogram('sefer_db_query_duration_seconds', {
    help: 'Database statements run by this process (requests, jobs, boot) and how long each took',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  });
  return function (this: unknown, ...args: unknown[]) {
    const finishTally = started(args[0]);
    const start = performance.now();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      finishTally();
      durations.observe((performance.now() - start) / 1000);
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as AnyFunction;
      args[last] = (...results: unknown[]) => {
        finish();
        return callback(...results);
      };
    }
    let result: unknown;
    try {
      result = query.apply(self ?? this, args);
    } catch (error) {
      finish();
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(finish, finish);
    else if (typeof args[last] !== 'function') finish();
    return result;
  } as F;
}

const WRAPPED = Symbol('sefer.countedQueries');

interface PGliteLike {
  query: AnyFunction;
  exec: AnyFunction;
  transaction: (work: (tx: { query: AnyFunction; exec: AnyFunction }) => Promise<unknown>) => Promise<unknown>;
}
interface PoolClientLike {
  query: AnyFunction;
  [WRAPPED]?: true;
}
interface PoolLike {
  connect: (callback?: (error: Error | undefined, client?: PoolClientLike, release?: unknown) => void) => Promise<PoolClientLike> | void;
}

/** Counts a node-postgres client's statements (once per client: the pool hands the same ones out again). */
function countClient(client: PoolClientLike | undefined): void {
  if (!client || client[WRAPPED]) return;
  client.query = counted(client.query, client);
  client[WRAPPED] = true;
}

/**
 * Wraps the driver under `handle.db` so that every statement is counted in the tally of the
 * request that started it. PGlite: its `query`, `exec` and a transaction's. node-postgres: every
 * pooled client's `query` as the pool hands it out (`pool.query` checks one out too, so nothing is
 * counted twice).
 */
export function countQueriesOf(handle: DatabaseHandle): void {
  const client = (handle.db as unknown as { $client: unknown }).$client as (PGliteLike | PoolLike) & { [WRAPPED]?: true };
  if (client[WRAPPED]) return;
  client[WRAPPED] = true;
  if (handle.driver === 'pglite') {
    const pglite = client as PGliteLike;
    pglite.query = counted(pglite.query, pglite);
    pglite.exec = counted(pglite.exec, pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (work) =>
      transaction((tx) => {
        tx.query = counted(tx.query, tx);
        tx.exec = counted(tx.exec, tx);
        return work(tx);
      });
    return;
  }
  const pool = client as PoolLike;
  observePool(pool as unknown as PoolCounts);
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<PoolLike['connect']>[0]) => {
    if (callback) {
      // The pool hands a released client to the next waiter in the context of whoever released it:
      // bound here, the waiter's statement is counted for the request that asked for it, not for
      // the one that happened to finish first (CI: a statement outside any request counted in one).
      const asked = AsyncResource.bind(callback);
      return connect((error, pooled, release) => {
        countClient(pooled);
        asked(error, pooled, release);
      });
    }
    return (connect() as Promise<PoolClientLike>).then((pooled) => {
      countClient(pooled);
      return pooled;
    });
  }) as PoolLike['connect'];
}

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** node-postgres's pool at scrape time: connections open, idle, and requests waiting for one. */
function observePool(pool: PoolCounts): void {
  gauge('sefer_db_pool_connections', {
    help: 'PostgreSQL pool: connections by state (total, idle) and requests waiting for one',
    labelNames: ['state'],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
