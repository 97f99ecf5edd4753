/**
 * The time a request sees. Production uses the real clock; end-to-end tests pin it with
 * `SEFER_NOW` (an ISO date) so list windows are deterministic.
 */
export function requestClock(): Date {
  const pinned = process.env.SEFER_NOW;
  if (pinned) {
    const date = new Date(pinned);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return new Date();
}
