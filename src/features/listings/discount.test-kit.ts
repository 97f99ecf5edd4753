/** The discount tests' clock: a fixed now, offsets from it, and a listing's discount fields. */
import type { DiscountInput } from './discount.ts';

// 09:00 UTC = 12:00 in Addis Ababa (UTC+3).
export const NOW = new Date('2025-03-10T09:00:00.000Z');
export const N = NOW.getTime();
export const HOUR = 3_600_000;
export const at = (offsetMs: number): Date => new Date(N + offsetMs);

export function input(over: Partial<DiscountInput> = {}): DiscountInput {
  return { discount: '20', datePosted: NOW, startDays: null, durationDays: null, ...over };
}
