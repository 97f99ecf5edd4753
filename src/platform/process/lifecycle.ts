/**
 * The typed seam between scripts/start.mjs (outside the bundle) and the bundled app: the boot
 * registers the process's lifecycle under a global symbol, and the start script reaches it there
 * (both import this module, each its own copy; Symbol.for gives them the same key).
 */
export interface ProcessLifecycle {
  /** Opens, migrates and prepares the database (seed, VACUUM (ANALYZE), background work). */
  ready(): Promise<unknown>;
  /** Stops the background work and the page-cache sync, then closes the database. */
  close(): Promise<void>;
}

const KEY = Symbol.for('sefer.lifecycle');

export function registerLifecycle(lifecycle: ProcessLifecycle): void {
  (globalThis as Record<symbol, unknown>)[KEY] = lifecycle;
}

/** The bundle's lifecycle, once its boot module has loaded (the first request loads it). */
export function processLifecycle(): ProcessLifecycle | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as ProcessLifecycle | undefined;
}
