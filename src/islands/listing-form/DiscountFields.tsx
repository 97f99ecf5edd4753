import { DISCOUNT_OPTIONS } from '#lib/discount.ts';
import { MAX_DISCOUNT_DAYS, MIN_DISCOUNT_DAYS } from '#lib/listing-schema.ts';
import { isWaiting, type ListingText } from './state.ts';
import { Field, Section, inputClass, type TextWiring } from './ui.tsx';

const DAY_LABELS = {
  discount_duration: 'Discount Duration (days)',
  discount_start_date: 'Discount Start Date (days from now)',
} as const;

/** The discount and its two day fields (how the rules between them apply: see state.ts). */
export function DiscountFields({ text, errors, wire }: { text: ListingText; errors: Record<string, string>; wire: TextWiring }) {
  const waiting = isWaiting(text);
  return (
    <Section title="Your discount">
      <Field name="discount" label="Discount" error={errors.discount}>
        <select {...wire('discount')} aria-required="true" className={inputClass}>
          <option value="">Choose a discount</option>
          {DISCOUNT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <p id="lf-days-hint" className="text-sm text-stone-600">
        {waiting
          ? 'No days while the discount is waiting.'
          : 'Fill one of the two: how many days the discount lasts, or in how many days it starts (1 to 30).'}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {(['discount_duration', 'discount_start_date'] as const).map((name) => (
          <Field key={name} name={name} label={DAY_LABELS[name]} error={errors[name]}>
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
