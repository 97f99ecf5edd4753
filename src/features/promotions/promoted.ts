/**
 * Promoted listings on a list: the page's promoted ones first, each marked to be labelled, then the
 * organic ones without those (a listing is not shown twice on one page). `limit` keeps a fixed-size
 * list (the home page's) at its size; a paged list keeps every organic listing so paging stays whole.
 */
export function withPromoted<T extends { id: number }>(
  promoted: readonly T[],
  organic: readonly T[],
  limit?: number,
): (T & { promoted?: true })[] {
  const ids = new Set(promoted.map((p) => p.id));
  const merged = [...promoted.map((p) => ({ ...p, promoted: true as const })), ...organic.filter((o) => !ids.has(o.id))];
  return limit === undefined ? merged : merged.slice(0, limit);
}
