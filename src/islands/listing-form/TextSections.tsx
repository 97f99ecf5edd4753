import { formCategoryOptions } from '#lib/categories.ts';
import { MAX_DESCRIPTION_LENGTH } from '#lib/listing-schema.ts';
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
    <Section title="Your business">
      <Field
        name="email"
        label="Email"
        hint={signedIn ? 'Your listing is posted from this account.' : undefined}
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
      <Field name="product_name" label="Product or service name" error={errors.product_name}>
        <input {...wire('product_name')} type="text" aria-required="true" autoComplete="off" className={inputClass} />
      </Field>
      <Field name="company_name" label="Company name" error={errors.company_name}>
        <input {...wire('company_name')} type="text" aria-required="true" autoComplete="organization" className={inputClass} />
      </Field>
      <Field name="category" label="Category" error={errors.category}>
        <select {...wire('category')} aria-required="true" className={inputClass}>
          <option value="">Choose a category</option>
          {formCategoryOptions().map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="description"
        label="Description"
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
    <Section title="How buyers contact you">
      <Field name="contact_telegram" label="Telegram" hint="Your Telegram link or @username" error={errors.contact_telegram}>
        <input {...wire('contact_telegram', true)} {...linkInput} aria-required="true" placeholder="@yourshop" className={inputClass} />
      </Field>
      <Field name="contact_phone" label="Phone number" error={errors.contact_phone}>
        <input
          {...wire('contact_phone')}
          type="tel"
          autoComplete="tel"
          aria-required="true"
          placeholder="+251 91 123 4567"
          className={inputClass}
        />
      </Field>
      <Field name="contact_tick" label="Second messenger link" hint="For example your WhatsApp link." error={errors.contact_tick} optional>
        <input {...wire('contact_tick', true)} {...linkInput} className={inputClass} />
      </Field>
      <Field name="web_site" label="Website" error={errors.web_site} optional>
        <input {...wire('web_site')} {...linkInput} autoComplete="url" placeholder="example.com" className={inputClass} />
      </Field>
    </Section>
  );
}
