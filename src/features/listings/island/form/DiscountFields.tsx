import { m } from '#paraglide/messages.js';
import { DISCOUNT_OPTIONS } from '#features/listings/discount.ts';
import { MAX_DISCOUNT_DAYS, MIN_DISCOUNT_DAYS } from '#features/listings/listing-schema.ts';
import { isWaiting, type ListingText } from './state.ts';
import { Field, Section, inputClass, type TextWiring } from './ui.tsx';

const DAY_LABELS = {
  discount_duration: m.form_ui_duration,
  discount_start_date: m.form_ui_start,
} as const;

/** The discount and its two day fields (how the rules between them apply: see state.ts). */
export function DiscountFields({ text, errors, wire }: { text: ListingText; errors: Record<string, string>; wire: TextWiring }) {
  const waiting = isWaiting(text);
  return (
    <Section title={m.form_ui_your_discount()}>
      <Field name="discount" label={m.form_ui_discount()} error={errors.discount}>
        <select {...wire('discount')} aria-required="true" className={inputClass}>
          <option value="">{m.form_ui_choose_discount()}</option>
          {DISCOUNT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <p id="lf-days-hint" className="text-sm text-stone-600">
        {waiting ? m.form_ui_days_waiting() : m.form_ui_days_hint()}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {(['discount_duration', 'discount_start_date'] as const).map((name) => (
          <Field key={name} name={name} label={DAY_LABELS[name]()} error={errors[name]}>
            <input
              {...wire(name)}
              aria-describedby={['lf-days-hint', errors[name] ? `lf-${name}-error` : ''].filter(Boolean).join(' ')}
              type="number"
              inputMode="numeric"
              min={MIN_DISCOUNT_DAYS}
              max={MAX_DISCOUNT_DAYS}
              step={1}
              disabled={waiting}
              className={inputClass}
            />
          </Field>
        ))}
      </div>
    </Section>
  );
}
