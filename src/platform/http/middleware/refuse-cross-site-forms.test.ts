import { describe, expect, it } from 'vitest';
import { refuseCrossSiteForms } from './refuse-cross-site-forms.server.ts';
import { fakeContext, fakeNext, run } from './step-test-kit.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('refuseCrossSiteForms', () => {
  it('answers a form posted from another site with a 403, before any later step', async () => {
    const next = fakeNext();
    const context = fakeContext({
      method: 'POST',
      url: 'http://localhost:4321/sell',
      headers: { ...form, origin: 'https://evil.example' },
    });
    const response = await run(refuseCrossSiteForms, context, next);
    expect(response.status).toBe(403);
    expect(next.calls).toHaveLength(0);
  });

  it('lets a same-site form and a GET go on', async () => {
    const next = fakeNext(() => new Response('ok'));
    const same = fakeContext({ method: 'POST', url: 'http://localhost:4321/sell', headers: { ...form, origin: 'http://localhost:4321' } });
    expect(await (await run(refuseCrossSiteForms, same, next)).text()).toBe('ok');
    expect(await (await run(refuseCrossSiteForms, fakeContext(), next)).text()).toBe('ok');
    expect(next.calls).toHaveLength(2);
  });
});
