/**
 * Values that PostgreSQL refuses, caught before any query: text with a NUL character (no text
 * column can store one) and ids beyond the `integer` range. Every text schema and id reader uses
 * these, so bad input is a 400 (or a "not found") with a clear message, never a 500 or 503.
 * Pure and isomorphic.
 */
import { z } from 'zod';
import { fail, ok, type Result } from './result.ts';

export const NUL_MESSAGE = 'Please remove the invisible NUL character (\\0) from this text.';

/** Largest id of an `integer` primary key. */
export const MAX_ID = 2_147_483_647;
export const ID_TOO_LARGE = `Ids are whole numbers from 1 to ${MAX_ID}.`;

export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** The given string schema, refusing text with a NUL character. */
export function withoutNul<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine((text) => !hasNul(text), { error: NUL_MESSAGE }) as T;
}

/** A database id from a path, query string, form field or JSON value; null when it is not one. */
export function parseId(raw: unknown): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** Whether `raw` is a whole number, just too large to be an id (an API answers 400, not 404). */
export function isIdTooLarge(raw: unknown): boolean {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d+(\.0*)?$/.test(text) && Number(text) > MAX_ID;
}

/** An id of an API path: 400 when it is a number too large for an id, else `notFound` (404) when unusable. */
export function readId(raw: unknown, notFound: string): Result<number> {
  const id = parseId(raw);
  if (id !== null) return ok(id);
  return isIdTooLarge(raw) ? fail(400, ID_TOO_LARGE) : fail(404, notFound);
}

/**
 * An id inside a JSON or form payload: a number or a string of digits, 1 to {@link MAX_ID}. A
 * function `message` is called when the form is checked, so it speaks the request's language.
 */
export function idField(message: string | (() => string)) {
  return z.unknown().transform((value, ctx) => {
    const id = parseId(typeof value === 'string' || typeof value === 'number' ? value : NaN);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: isIdTooLarge(value) ? ID_TOO_LARGE : typeof message === 'function' ? message() : message });
      return z.NEVER;
    }
    return id;
  });
}
