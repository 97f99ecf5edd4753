import { describe, expect, it } from 'vitest';
import { bodyCapFor, MAX_REQUEST_BYTES, SMALL_BODY_BYTES } from '#server/body-limit.server.ts';
import { MAX_REQUEST_BYTES as UPLOAD_CAP } from '#server/uploads.server.ts';

const multipart = 'multipart/form-data; boundary=x';

describe('bodyCapFor', () => {
  it('gives the upload cap only to multipart bodies of the routes that take files', () => {
    expect(MAX_REQUEST_BYTES).toBe(UPLOAD_CAP);
    for (const [method, url] of [
      ['POST', '/api/products/'],
      ['POST', '/api/products'],
      ['PATCH', '/api/delete/products/12/'],
      ['patch', '/api/delete/products/12?x=1'],
      ['POST', '/myposts'],
      ['POST', '/myposts/?edit=3'],
    ] as const) {
      expect(bodyCapFor(method, url, multipart), `${method} ${url}`).toBe(MAX_REQUEST_BYTES);
    }
  });

  it('gives the small cap to JSON and forms, to multipart elsewhere, and to other methods', () => {
    expect(SMALL_BODY_BYTES).toBe(128 * 1024);
    expect(bodyCapFor('POST', '/api/products/', 'application/json')).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/', 'application/x-www-form-urlencoded')).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/', undefined)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/cat', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/contact-us', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('PUT', '/api/products/', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/delete/products/1/', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/x', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/myposts/other', multipart)).toBe(SMALL_BODY_BYTES);
  });
});
