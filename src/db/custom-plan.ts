/**
 * Statements planned for their values each time they run. Every other statement is prepared once
 * and may be run with Postgres's generic plan (pglite-prepared.ts, postgres-named.ts), which is
 * planned without the values: right for a category's list, wrong for a search, whose best plan
 * depends on how many deals its words and patterns match (a generic plan made a search on 1,000
 * deals 7 → 10–15 ms, issue 31). A statement whose text carries this comment is neither kept nor
 * named.
 */
export const CUSTOM_PLAN = '/* custom plan */';

/** Whether a statement asks to be planned for its values each time. */
export const wantsCustomPlan = (text: string): boolean => text.includes(CUSTOM_PLAN);
