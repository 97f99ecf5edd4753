import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactSchema, contactValuesFromForm, EMAIL_PATTERN, tooLongMessage, validateContact } from './contact.ts';

/** A 422 telling each field's one message. */
const refused = (errors: Record<string, string>) => ({
  ok: false,
  status: 422,
  error: expect.stringMatching(/^Please check the (field|\d fields) marked below\.$/),
  fields: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
});

const valid = { name: 'Abebe Kebede', email: 'abebe@example.com', subject: 'Listing question', message: 'Hello Sefer team!' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({ ok: true, value: valid });
  });

  it('gives the spec message for each missing field', () => {
    expect(validateContact({ name: '', email: '', subject: '', message: '' })).toEqual({
      ok: false,
      status: 422,
      error: 'Please check the 4 fields marked below.',
      fields: {
        name: ['Name is required'],
        email: ['Email is required'],
        subject: ['Subject is required'],
        message: ['Message is required'],
      },
    });
  });

  it('treats absent and non-text values as missing', () => {
    const result = validateContact({ name: 42, email: null });
    expect(result).toEqual(
      refused({ name: 'Name is required', email: 'Email is required', subject: 'Subject is required', message: 'Message is required' }),
    );
    expect(validateContact(undefined)).toMatchObject({ ok: false, fields: { name: ['Name is required'] } });
  });

  it('reports one field at a time and only that field', () => {
    expect(validateContact({ ...valid, subject: '' })).toEqual(refused({ subject: 'Subject is required' }));
    expect(validateContact({ ...valid, message: '   ' })).toEqual(refused({ message: 'Message is required' }));
  });

  it('says "Invalid email address" for a badly shaped email, and never for an empty one', () => {
    for (const email of ['abebe', 'abebe@', '@example.com', 'abebe@example', 'abebe @example.com', 'a@b@c.com', 'abebe@example.']) {
      expect(validateContact({ ...valid, email })).toEqual(refused({ email: 'Invalid email address' }));
    }
    expect(validateContact({ ...valid, email: '   ' })).toEqual(refused({ email: 'Email is required' }));
  });

  it('accepts ordinary addresses with the basic pattern', () => {
    for (const email of ['a@b.co', 'first.last+sefer@mail.example.et', 'ABEBE@EXAMPLE.COM']) {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
      expect(validateContact({ ...valid, email }).ok).toBe(true);
    }
  });

  it('trims every field, keeping inner spacing and line breaks', () => {
    const result = validateContact({
      name: '  Abebe Kebede \n',
      email: '\tabebe@example.com  ',
      subject: '  Listing  question ',
      message: '\n Line one\n\nLine two \n',
    });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Abebe Kebede', email: 'abebe@example.com', subject: 'Listing  question', message: 'Line one\n\nLine two' },
    });
  });

  it('caps lengths with a clear message, counting after trimming', () => {
    const cases = [
      ['name', 100, 'Name must be 100 characters or fewer'],
      ['subject', 200, 'Subject must be 200 characters or fewer'],
      ['message', 5000, 'Message must be 5,000 characters or fewer'],
    ] as const;
    for (const [field, limit, text] of cases) {
      expect(CONTACT_LIMITS[field]).toBe(limit);
      expect(tooLongMessage(field)).toBe(text);
      expect(validateContact({ ...valid, [field]: 'a'.repeat(limit) }).ok).toBe(true);
      expect(validateContact({ ...valid, [field]: `  ${'a'.repeat(limit)}  ` }).ok).toBe(true);
      expect(validateContact({ ...valid, [field]: 'a'.repeat(limit + 1) })).toEqual(refused({ [field]: text }));
    }
    const local = 'a'.repeat(64);
    const atLimit = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`;
    expect(atLimit).toHaveLength(254);
    expect(validateContact({ ...valid, email: atLimit }).ok).toBe(true);
    expect(validateContact({ ...valid, email: `a${atLimit}` })).toEqual(refused({ email: 'Email must be 254 characters or fewer' }));
  });

  it('counts Amharic text in characters, like the browser does', () => {
    const amharic = 'ሰላም'.repeat(1000); // 3,000 characters
    expect(validateContact({ ...valid, message: amharic }).ok).toBe(true);
  });

  it('is the schema the server and any island share', () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
  });
});

describe('contactValuesFromForm', () => {
  it('reads the four text fields and ignores files and extras', () => {
    const form = new FormData();
    form.set('name', ' Abebe ');
    form.set('email', 'abebe@example.com');
    form.set('message', new Blob(['not text']));
    form.set('extra', 'ignored');
    expect(contactValuesFromForm(form)).toEqual({ name: ' Abebe ', email: 'abebe@example.com', subject: '', message: '' });
  });
});
