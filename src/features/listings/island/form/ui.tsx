import { m } from '#paraglide/messages.js';
/** The listing form's building blocks: a section, a labelled field, the input styles and wiring. */
import type { ChangeEvent, ReactNode } from 'react';
import type { ListingTextField } from '#features/listings/listing-schema.ts';
import type { ListingText } from './state.ts';

// scroll-mt keeps a field focused after a failed submit clear of the sticky top bar.
const fieldClass =
  'block w-full scroll-mt-36 rounded-xl border border-stone-300 px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-400 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40';
export const inputClass = `${fieldClass} bg-white`;
export const readOnlyClass = `${fieldClass} bg-stone-100`;
export const fileClass =
  'block w-full scroll-mt-36 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-2 text-sm text-stone-600 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 aria-[invalid=true]:border-red-600';

/** Accessible wiring of one field: id, name, invalid state and the ids describing it. */
export function fieldA11y(name: string, error: string | undefined, hint?: boolean) {
  const described = [hint ? `lf-${name}-hint` : '', error ? `lf-${name}-error` : ''].filter(Boolean).join(' ');
  return {
    id: `lf-${name}`,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
}

/** Wires a text field to the form's text: its accessible props, value and change handler. */
export type TextWiring = (
  name: ListingTextField,
  hint?: boolean,
) => ReturnType<typeof fieldA11y> & {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

export function textWiring(
  text: ListingText,
  errors: Record<string, string>,
  onEdit: (name: ListingTextField, value: string) => void,
): TextWiring {
  return (name, hint) => ({
    ...fieldA11y(name, errors[name], hint),
    value: text[name],
    onChange: (e) => onEdit(name, e.target.value),
  });
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function Field({
  name,
  label,
  hint,
  error,
  optional,
  children,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={`lf-${name}`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-500">{m.form_ui_optional()}</span>}
      </label>
      {children}
      {hint && (
        <p id={`lf-${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`lf-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
