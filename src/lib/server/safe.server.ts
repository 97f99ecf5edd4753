/**
 * Runs a read for a page; on failure logs it and returns null, so the page shows the list's
 * error text (and a 503) instead of a raw error.
 */
export async function readOrNull<T>(label: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.error(`[${label}]`, error);
    return null;
  }
}
