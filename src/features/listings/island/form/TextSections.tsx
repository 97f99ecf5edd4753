import { m } from '#paraglide/messages.js';
import { CategoryField } from './CategoryField.tsx';
import { HOLIDAY_KEYS, holidayName } from '#features/listings/holidays.ts';
import { MAX_DESCRIPTION_LENGTH } from '#features/listings/listing-schema.ts';
import type { ListingText } from './state.ts';
import { Field, Section, inputClass, readOnlyClass, type TextWiring } from './ui.tsx';

interface SectionProps {
  text: ListingText;
  errors: Record<string, string>;
  wire: TextWiring;
}

/** Who posts and what: email, names, category and description. */
export function BusinessSection({ text, errors, wire, signedIn }: SectionProps & { signedIn: boolean }) {
  return (
    <Section title={m.form_ui_your_business()}>
      <Field
        name="email"
        label={m.form_ui_email()}
        hint={signedIn ? m.form_ui_email_hint() : undefined}
        error={errors.email}
        optional={!signedIn}
      >
        <input
          {...wire('email', signedIn)}
          type="email"
          autoComplete="email"
          readOnly={signedIn}
          className={signedIn ? readOnlyClass : inputClass}
        />
      </Field>
      <Field name="product_name" label={m.form_ui_product_name()} error={errors.product_name}>
        <input {...wire('product_name')} type="text" aria-required="true" autoComplete="off" className={inputClass} />
      </Field>
      <Field name="company_name" label={m.form_ui_company_name()} error={errors.company_name}>
        <input {...wire('company_name')} type="text" aria-required="true" autoComplete="organization" className={inputClass} />
      </Field>
      <CategoryField wire={wire} error={errors.category} />
      <Field name="holiday" label={m.form_ui_holiday()} hint={m.form_ui_holiday_hint()} error={errors.holiday} optional>
        <select {...wire('holiday', true)} className={inputClass}>
          <option value="">{m.form_ui_holiday_none()}</option>
          {HOLIDAY_KEYS.map((key) => (
            <option key={key} value={key}>
              {holidayName(key)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="description"
        label={m.form_ui_description()}
        hint={`${text.description.length}/${MAX_DESCRIPTION_LENGTH}`}
        error={errors.description}
      >
        <textarea {...wire('description', true)} rows={4} aria-required="true" className={inputClass} />
      </Field>
    </Section>
  );
}

/** Typed addresses: no capitals, no corrections. */
const linkInput = { type: 'text', inputMode: 'url', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** How buyers reach the seller: Telegram, phone, a second messenger and the website. */
export function ContactSection({ errors, wire }: Omit<SectionProps, 'text'>) {
  return (
    <Section title={m.form_ui_contact()}>
      <Field name="contact_telegram" label={m.form_ui_telegram()} hint={m.form_ui_telegram_hint()} error={errors.contact_telegram}>
        <input {...wire('contact_telegram', true)} {...linkInput} aria-required="true" placeholder="@yourshop" className={inputClass} />
      </Field>
      <Field name="contact_phone" label={m.form_ui_phone()} error={errors.contact_phone}>
        <input
          {...wire('contact_phone')}
          type="tel"
          autoComplete="tel"
          aria-required="true"
          placeholder="+251 91 123 4567"
          className={inputClass}
        />
      </Field>
      <Field
        name="contact_tick"
        label={m.form_ui_second_messenger()}
        hint={m.form_ui_second_messenger_hint()}
        error={errors.contact_tick}
        optional
      >
        <input {...wire('contact_tick', true)} {...linkInput} className={inputClass} />
      </Field>
      <Field name="web_site" label={m.form_ui_website()} error={errors.web_site} optional>
        <input {...wire('web_site')} {...linkInput} autoComplete="url" placeholder="example.com" className={inputClass} />
      </Field>
    </Section>
  );
}
