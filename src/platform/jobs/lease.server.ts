/**
 * Leases: which app process runs a singleton loop (the job queue's worker, the scheduler). Every
 * process runs the loop; only the holder of its lease works, renewing it each turn. A lease left by
 * a process that stopped expires after LEASE_MS, and another process takes over.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { workerLeases } from '#db/schema.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('jobs');

/** How long a lease lasts without renewal. */
export const LEASE_MS = 30_000;

/** Takes or renews the lease `name`: true while `holder` is the one who holds it. */
export async function holdLease(db: Database, name: string, holder: string, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + LEASE_MS);
  const rows = await db
    .insert(workerLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: workerLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${workerLeases.holder} = ${holder} or ${workerLeases.expiresAt} < ${now}`,
    })
    .returning({ holder: workerLeases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.delete(workerLeases).where(and(eq(workerLeases.name, name), eq(workerLeases.holder, holder)));
}

export interface LeasedLoop {
  /** Works again soon (new work was just queued in this process). */
  kick(): void;
  /** Ends the loop after its current turn and gives the lease back. */
  stop(): Promise<void>;
}

/**
 * One process's loop under a lease: every `everyMs` it renews (or tries to take) the lease and,
 * holding it, runs `work`. Leases follow the real clock (a pinned test clock would never let one
 * expire). Nothing `work` throws can crash the process: it is logged under `label`.
 */
export function startLeasedLoop(
  db: Database,
  options: { lease: string; everyMs: number; label: string; work: () => Promise<unknown> },
): LeasedLoop {
  // Which process holds it, readable in worker_leases and /metrics: host, pid and this loop.
  const holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;

  const turn = async () => {
    if (!(await holdLease(db, options.lease, holder, new Date()))) return;
    await options.work();
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = turn()
      .catch((error: unknown) => log.error({ err: error, lease: options.lease }, `[${options.label}] worker failed`))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
          return;
        }
        timer = setTimeout(run, options.everyMs);
        timer.unref();
      });
  };
  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await releaseLease(db, options.lease, holder).catch(() => undefined);
    },
  };
}
