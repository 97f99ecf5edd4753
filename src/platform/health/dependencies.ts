/**
 * Which outside service a failure came from (issue 32): an S3 bucket that refuses connections
 * throws the same ECONNREFUSED as a database that does, and was logged and answered as a database
 * outage. A client of another service wraps its failures in `DependencyUnavailable`, which names
 * it; the database's checks (db.server.ts `isDatabaseUnavailable`) look no further than such a wrapper.
 */
export type Dependency = 'database' | 'media';

export class DependencyUnavailable extends Error {
  readonly dependency: Dependency;

  constructor(dependency: Dependency, cause: unknown) {
    super(`${dependency} unavailable: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
    this.name = 'DependencyUnavailable';
    this.dependency = dependency;
  }
}

/** The dependency a failure names (itself or an error it wraps), if any. */
export function failedDependency(error: unknown): Dependency | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof DependencyUnavailable) return current.dependency;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
