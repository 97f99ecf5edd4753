/**
 * The one list of background work: queued jobs by name, and periodic jobs (schedules). Features
 * register theirs in their own `jobs.server.ts`; src/platform/process/jobs-list.server.ts imports
 * them all, so this folder never imports a feature. A name registered again replaces the first
 * (a module reloaded in development registers itself again).
 */
import type { Database } from '#db/client.ts';

export interface JobContext {
  db: Database;
  /** The request clock when the job runs (pinned in tests). */
  now: Date;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

/** Runs one queued job; throwing means "try again later". Payloads are plain JSON. */
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<unknown>;

export interface JobOptions {
  /** Runs before the job is given up (its last error is kept). */
  maxAttempts?: number;
}

export interface RegisteredJob {
  name: string;
  handler: JobHandler<unknown>;
  maxAttempts: number;
}

export interface Schedule {
  name: string;
  /** At most once per this period (real time), by one process. */
  everyMs: number;
  run: (db: Database, now: Date) => Promise<unknown>;
}

const DEFAULT_MAX_ATTEMPTS = 6;
const jobs = new Map<string, RegisteredJob>();
const schedules = new Map<string, Schedule>();

/** A kind of queued job, run by the queue worker for every `enqueue(db, name, payload)`. */
export function registerJob<P>(name: string, handler: JobHandler<P>, options: JobOptions = {}): void {
  jobs.set(name, { name, handler: handler as JobHandler<unknown>, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
}

/** A periodic job: the scheduler runs it every `everyMs`, in one process at a time. */
export function registerSchedule(name: string, everyMs: number, run: Schedule['run']): void {
  schedules.set(name, { name, everyMs, run });
}

export function registeredJob(name: string): RegisteredJob | undefined {
  return jobs.get(name);
}

export function registeredJobNames(): string[] {
  return [...jobs.keys()];
}

export function registeredSchedules(): Schedule[] {
  return [...schedules.values()];
}

export function registeredSchedule(name: string): Schedule | undefined {
  return schedules.get(name);
}
