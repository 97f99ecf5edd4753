import { describe, expect, it } from 'vitest';
import { megabytes, progressFigures, shouldRetry } from './upload.ts';
import { duplicateOf, fieldErrorsFromBody, filesToSend, listingBody } from './submit.ts';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/webp' });

describe('upload progress', () => {
  it('is a whole percentage and the bytes left', () => {
    expect(progressFigures({ sent: 0, total: 2_097_152 })).toEqual({ percent: 0, left: 2_097_152 });
    expect(progressFigures({ sent: 838_861, total: 2_097_152 })).toEqual({ percent: 40, left: 1_258_291 });
    // Rounded down: 100 % only when everything is sent.
    expect(progressFigures({ sent: 2_097_151, total: 2_097_152 })).toEqual({ percent: 99, left: 1 });
    expect(progressFigures({ sent: 2_097_152, total: 2_097_152 })).toEqual({ percent: 100, left: 0 });
    expect(progressFigures({ sent: 5, total: 0 })).toEqual({ percent: 100, left: 0 });
    expect(megabytes(1_258_291)).toBe('1.2');
    expect(megabytes(2_097_152)).toBe('2.0');
  });

  it('tries again after a dropped connection or a server fault, never after a refusal', () => {
    for (const status of [0, 409, 423, 429, 500, 503]) expect(shouldRetry(status), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413]) expect(shouldRetry(status), String(status)).toBe(false);
  });
});

describe('a listing sent with its uploads', () => {
  const listing = {
    text: { product_name: ' Mitad ', description: '' },
    logo: file('logo.webp'),
    photo: file('photo.webp'),
    video: null,
    images: [file('a.webp'), file('b.webp')],
  };

  it('names each upload in its field, in the order the files are sent, and no file', () => {
    expect(filesToSend(listing).map((f) => f.field)).toEqual(['profile_photo', 'product_photo', 'uploaded_images', 'uploaded_images']);
    const body = listingBody(listing, ['/api/uploads/1', '/api/uploads/2', '/api/uploads/3', '/api/uploads/4']);
    expect([...body.entries()]).toEqual([
      ['product_name', 'Mitad'],
      ['profile_photo_upload', '/api/uploads/1'],
      ['product_photo_upload', '/api/uploads/2'],
      ['uploaded_images_upload', '/api/uploads/3'],
      ['uploaded_images_upload', '/api/uploads/4'],
    ]);
    expect(listingBody(listing, ['1', '2', '3', '4'], true).get('post_again')).toBe('yes');
  });

  it('shows a staged field’s error at the form’s file field', () => {
    expect(fieldErrorsFromBody(JSON.stringify({ error: 'x', fields: { product_photo_upload: ['gone'], email: 'bad' } }))).toEqual({
      product_photo: 'gone',
      email: 'bad',
    });
  });

  it('reads a duplicate from a 409 only', () => {
    const body = JSON.stringify({ error: 'You sent this deal today.', duplicate: { id: 7, path: '/x/7' } });
    expect(duplicateOf(409, body)).toEqual({ error: 'You sent this deal today.', id: 7, path: '/x/7' });
    expect(duplicateOf(400, body)).toBeNull();
    expect(duplicateOf(409, '{"error":"Conflict"}')).toBeNull();
    expect(duplicateOf(409, 'not json')).toBeNull();
  });
});
