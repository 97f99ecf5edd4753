/** The one job queue of the app (src/platform/jobs): every kind of background work is a row here. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * A job: a registered name and its payload (plain JSON), due from `runAfter`. A worker claims it by
 * pushing `runAfter` forward (a crashed run is tried again after that), and marks it done; a failed
 * run is retried later, a few times. A job with a `key` is enqueued once per name and key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    key: text('key'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.doneAt} is null`),
    index('jobs_done_idx').on(t.doneAt),
    uniqueIndex('jobs_key_idx')
      .on(t.name, t.key)
      .where(sql`${t.key} is not null`),
  ],
);
