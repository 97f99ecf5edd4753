/**
 * A value read at most once per `ms`, however often it is asked for: what /readyz and a metrics
 * scrape ask of the database and the bucket stays cheap. A failed read is not kept.
 */
export function cachedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ms) {
      const value = read();
      last = { at: now, value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}
