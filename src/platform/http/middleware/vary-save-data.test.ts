import { describe, expect, it } from 'vitest';
import { varySaveData } from './vary-save-data.server.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

describe('varySaveData', () => {
  it('adds Save-Data to what a page varies with, once', async () => {
    const vary = async (response: Response) => (await run(varySaveData, fakeContext(), fakeNext(response))).headers.get('Vary');
    expect(await vary(htmlPage())).toBe('Save-Data');
    expect(await vary(htmlPage(undefined, { Vary: 'Accept-Encoding' }))).toBe('Accept-Encoding, Save-Data');
    expect(await vary(htmlPage(undefined, { Vary: 'save-data' }))).toBe('save-data');
  });

  it('leaves JSON and cached pages alone', async () => {
    expect((await run(varySaveData, fakeContext(), fakeNext(Response.json({})))).headers.get('Vary')).toBeNull();
    expect((await run(varySaveData, fakeContext(), fakeNext(cachedPage()))).headers.get('Vary')).toBeNull();
  });
});
