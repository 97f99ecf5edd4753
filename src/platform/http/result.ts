/**
 * The one result type of Sefer's services and input readers, and the one shape of field errors.
 * Pure and isomorphic: the listing form island reads the same `fields` the API answers.
 */
import type { z } from 'zod';

/** Messages per input field, in the order they were found: `{ product_name: ['Required'] }`. */
export type FieldErrors = Record<string, string[]>;

/** The HTTP statuses a refused request can carry (the route toolkit answers with them unchanged). */
export type FailureStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503;

/** A refusal: its status, the words for it, the fields to fix (400/422) and, for a 429, the seconds to wait. */
export type Failure = { ok: false; status: FailureStatus; error: string; fields?: FieldErrors; retryAfter?: number };
export type Result<T> = { ok: true; value: T } | Failure;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export function fail(status: FailureStatus, error: string, fields?: FieldErrors): Failure {
  return fields && Object.keys(fields).length > 0 ? { ok: false, status, error, fields } : { ok: false, status, error };
}

/** Field errors from zod issues: each issue under the first segment of its path (`''` for the whole input). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** A field's first message, for a form that shows one line under each field. */
export function firstErrors(fields: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : [])));
}

/**
 * `data` through `schema`: its output, or a 400 whose `error` is the first message (so a form with
 * one field reads naturally) and whose `fields` name every bad field.
 */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  return fail(400, parsed.error.issues[0]?.message ?? 'Please check the form.', fieldErrorsOf(parsed.error));
}

/** A page's line after a form post: an alert for errors, a status for success and information. */
export type Notice = { kind: 'error' | 'success' | 'info'; text: string; fields?: FieldErrors };

/** The notice of a service's result: its error, or the success text (which may read the value). */
export function noticeOf<T>(result: Result<T>, success: string | ((value: T) => string)): Notice {
  if (!result.ok) return { kind: 'error', text: result.error, ...(result.fields ? { fields: result.fields } : {}) };
  return { kind: 'success', text: typeof success === 'function' ? success(result.value) : success };
}

/**
 * The line a form page shows above its fields after a post: a failure's error, unless its fields
 * tell it under each field, or what `success` makes of the value (nothing by default).
 */
export function formNotice<T>(result: Result<T> | null, success: (value: T) => Notice | null = () => null): Notice | null {
  if (!result) return null;
  if (!result.ok) return result.fields ? null : { kind: 'error', text: result.error };
  return success(result.value);
}
