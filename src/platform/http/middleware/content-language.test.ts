import { describe, expect, it } from 'vitest';
import { contentLanguage } from './content-language.server.ts';
import { cachedPage, fakeContext, fakeNext, run } from './step-test-kit.ts';

describe('contentLanguage', () => {
  it('says an Amharic answer is in Amharic, and says nothing for English', async () => {
    const am = await run(contentLanguage, fakeContext({ locals: { locale: 'am' } }), fakeNext(Response.json({})));
    expect(am.headers.get('Content-Language')).toBe('am');
    const en = await run(contentLanguage, fakeContext(), fakeNext(Response.json({})));
    expect(en.headers.get('Content-Language')).toBeNull();
  });

  it('a cached page already has it', async () => {
    const hit = await run(contentLanguage, fakeContext({ locals: { locale: 'am' } }), fakeNext(cachedPage()));
    expect(hit.headers.get('Content-Language')).toBeNull();
  });
});
