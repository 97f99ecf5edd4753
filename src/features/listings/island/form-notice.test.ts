import { describe, expect, it } from 'vitest';
import { commentFormSchema, commentPayloadSchema } from '#features/community/community.ts';
import { fail, formNotice, ok, parseWith } from '#platform/http/result.ts';

describe('formNotice', () => {
  it('is nothing before a post, and the error of a failure that no field tells', () => {
    expect(formNotice(null)).toBeNull();
    expect(formNotice(fail(429, 'Too many attempts.'))).toEqual({ kind: 'error', text: 'Too many attempts.' });
  });

  it('leaves field errors to their fields', () => {
    expect(formNotice(fail(400, 'Email is required', { email: ['Email is required'] }))).toBeNull();
  });

  it('on success, is what the page makes of the value, or nothing', () => {
    expect(formNotice(ok('a@b.co'))).toBeNull();
    expect(formNotice(ok('a@b.co'), (email) => ({ kind: 'info', text: `Sent to ${email}` }))).toEqual({
      kind: 'info',
      text: 'Sent to a@b.co',
    });
  });
});

describe('commentFormSchema', () => {
  it('reads the comment as typed, for the payload schema to check', () => {
    expect(parseWith(commentFormSchema, { comment: '  Nice  ' })).toEqual({ ok: true, value: { comment: '  Nice  ' } });
    expect(parseWith(commentFormSchema, {})).toEqual({ ok: true, value: { comment: '' } });
    expect(parseWith(commentPayloadSchema, { product_id: 1, image_id: 'photo', comment: '   ' })).toMatchObject({
      ok: false,
      status: 400,
      error: 'Please write a comment.',
      fields: { comment: ['Please write a comment.'] },
    });
  });
});
