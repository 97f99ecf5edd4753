/**
 * The one database schema (PostgreSQL dialect), shared by PGlite and node-postgres, and drizzle-kit's
 * one input: each domain's tables live in `schema/<domain>.ts` and are re-exported here.
 * Table and column names are snake_case in SQL; TypeScript names are the marketplace's words.
 */
export * from './schema/media.ts';
export * from './schema/accounts.ts';
export * from './schema/notices.ts';
export * from './schema/sellers.ts';
export * from './schema/listings.ts';
export * from './schema/community.ts';
export * from './schema/trust.ts';
export * from './schema/saved.ts';
export * from './schema/payments.ts';
export * from './schema/shop.ts';
export * from './schema/promotions.ts';
export * from './schema/telegram.ts';
export * from './schema/search.ts';
export * from './schema/platform.ts';
export * from './schema/jobs.ts';
