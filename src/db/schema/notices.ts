/** Account notices: which channels each account chose per kind of notice (no row: the default). */
import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './accounts.ts';

/** One kind's choice of an account: Telegram (the linked chat) and email (a confirmed address). */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    telegram: boolean('telegram').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
