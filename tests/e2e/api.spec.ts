/**
 * The API's answers before any work: an unknown path is a JSON 404 whatever the method, and a
 * write to someone else's listing is refused 403 before its body is read, whatever that body is.
 */
import { expect, test } from '@playwright/test';
import { signedInPage } from './support.ts';

test('an unknown /api path answers a JSON 404 {error}, whatever the method', async ({ request, baseURL }) => {
  const headers = { Origin: baseURL! };
  for (const path of ['/api/nope', '/api/nope/', '/api/products/x/y/z']) {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const response = await request.fetch(path, { method, headers });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(response.headers()['content-type'], `${method} ${path}`).toContain('application/json');
      expect(await response.json(), `${method} ${path}`).toEqual({ error: expect.any(String) });
    }
  }
});

test("a PATCH of someone else's listing is 403 whatever its body; a missing listing is 404", async ({ browser, baseURL }) => {
  const other = await signedInPage(browser, baseURL!, { firstName: 'Other' });
  const cookie = (await other.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const form = new FormData();
  for (const [k, v] of Object.entries({ product_name: 'Hijacked', company_name: 'X', description: 'x', location: 'x', discount: '5' })) {
    form.set(k, v);
  }
  // fetch sets no content type for bytes, and the multipart boundary for a FormData.
  const bodies: Array<[label: string, body: BodyInit | undefined, type: string | undefined]> = [
    ['multipart', form, undefined],
    ['JSON', JSON.stringify({ product_name: 'Hijacked' }), 'application/json'],
    ['plain text', 'product_name=Hijacked', 'text/plain'],
    ['empty', '', 'application/json'],
    ['no content type', new TextEncoder().encode('{"product_name":"Hijacked"}'), undefined],
  ];
  // Listing 1 is one of the demo catalogue's, owned by its seller.
  for (const [id, status] of [
    [1, 403],
    [99_999_999, 404],
  ] as const) {
    for (const [label, body, type] of bodies) {
      const response = await fetch(new URL(`/api/delete/products/${id}/`, baseURL), {
        method: 'PATCH',
        headers: { Origin: baseURL!, Cookie: cookie, ...(type ? { 'Content-Type': type } : {}) },
        body,
      });
      expect(response.status, `${label} to listing ${id}`).toBe(status);
      expect(await response.json(), `${label} to listing ${id}`).toEqual({ error: expect.any(String) });
    }
  }
  await other.context.close();
});
