/**
 * Whether the emails a piece of work sent were written. `sendEmail` never throws (a notice that
 * cannot be mailed must not undo the write behind it), and better-auth swallows what its email
 * callbacks throw; but a person told "we sent a code" must have been sent one (issue 32). Work run
 * in `withEmailOutcomes` learns how many of its emails were written and how many failed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface EmailOutcomes {
  written: number;
  failed: number;
}

const outcomes = new AsyncLocalStorage<EmailOutcomes>();

/** Runs `work`; its value, and the outcomes of the emails it sent (in any callback it awaited). */
export async function withEmailOutcomes<T>(work: () => Promise<T>): Promise<{ value: T; emails: EmailOutcomes }> {
  const emails: EmailOutcomes = { written: 0, failed: 0 };
  const value = await outcomes.run(emails, work);
  return { value, emails };
}

/** Called by `sendEmail` for each email it tried. */
export function noteEmailOutcome(written: boolean): void {
  const current = outcomes.getStore();
  if (!current) return;
  if (written) current.written++;
  else current.failed++;
}
