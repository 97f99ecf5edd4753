/**
 * Who wants to see every statement the process's database runs (the driver's logger): the page
 * cache, to learn which tables a page read and a write changed (platform/cache/page-dependencies).
 * Called synchronously where the query is made, in its caller's async context.
 */
type Observer = (query: string) => void;

const observers = new Set<Observer>();

/** Adds an observer of every statement; returns its removal. */
export function observeQueries(observer: Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** The drizzle logger of the process's database. */
export const queryLogger = {
  logQuery(query: string): void {
    for (const observer of observers) observer(query);
  },
};
