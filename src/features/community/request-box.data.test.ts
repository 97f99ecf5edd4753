/**
 * The buy/sell box's POST /api/cat with a phone number in the text (issue 30): a plain form post is
 * held back and sent back to its page with the warning and the text as typed; `public_phone=yes`
 * lets it through; the JSON API stays the spec's.
 */
import { describe, expect, it } from 'vitest';
import { POST } from '#pages/api/cat/index.ts';
import { changedData } from '#platform/cache/page-cache.server.ts';
import { listRequests } from './requests.server.ts';
import { REQUEST_DRAFT } from './community.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const PHONE_TEXT = 'ፍሪጅ እሸጣለሁ፣ ይደውሉ 0911 23 45 67';

describe.each(drivers())('the request box on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  let address = 0;
  /** Posts to /api/cat from `page` (its Referer), as a plain form or as JSON. */
  function post(body: Record<string, string>, { form = true, page = '/recents', action = '/api/cat' } = {}) {
    const url = new URL(action, 'http://localhost');
    const request = new Request(url, {
      method: 'POST',
      headers: { referer: `http://localhost${page}`, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ? new URLSearchParams(body) : JSON.stringify(body),
    });
    const context = { request, url, params: {}, locals: { db: t.db, user: null, now: new Date() }, clientAddress: `10.1.0.${++address}` };
    return POST(context as unknown as Parameters<typeof POST>[0]);
  }
  const stored = async () => (await listRequests(t.db, 10)).items.map((r) => r.message);
  const location = (response: Response) => new URL(response.headers.get('Location')!, 'http://localhost');

  it('holds back a form post with a phone number, and sends it back with the warning and the text as typed', async () => {
    const response = await post({ message: PHONE_TEXT });
    expect(response.status).toBe(303);
    const back = location(response);
    expect(back.pathname).toBe('/recents');
    expect(back.searchParams.get('request')).toBe('phone');
    expect(back.searchParams.get(REQUEST_DRAFT)).toBe(PHONE_TEXT);
    expect(await stored()).toEqual([]);
    // Nothing was written: the page cache is kept.
    expect(changedData(response)).toBe(false);
  });

  it('sends it when the sender confirms, and the page forgets the kept text', async () => {
    const response = await post({ message: PHONE_TEXT, public_phone: 'yes' }, { page: `/recents?request=phone&${REQUEST_DRAFT}=x` });
    const back = location(response);
    expect(back.searchParams.get('request')).toBe('sent');
    expect(back.searchParams.has(REQUEST_DRAFT)).toBe(false);
    expect(await stored()).toEqual([PHONE_TEXT]);
    expect(changedData(response)).toBe(true);
  });

  it('sends a text without a number at once', async () => {
    const response = await post({ message: 'Looking for a used fridge, 2 kg of teff, 1500 birr' });
    expect(location(response).searchParams.get('request')).toBe('sent');
    expect(await stored()).toEqual(['Looking for a used fridge, 2 kg of teff, 1500 birr']);
  });

  it("keeps the spec's JSON API: a request with a number is stored (the box's script asks first)", async () => {
    const response = await post({ message: PHONE_TEXT }, { form: false });
    expect(response.status).toBe(201);
    expect(await stored()).toEqual([PHONE_TEXT]);
  });
});
