/**
 * Issue 30, item 3: the Telegram button names the deal. A deal whose Telegram contact is a person
 * says "Message the seller on Telegram", and its link (on the card and the deal page), followed,
 * opens the chat with a message naming the deal and its Sefer address prefilled
 * (`t.me/<name>?text=…`); a channel contact (the fake Bot API answers getChat as a channel) says
 * "Visit the seller's Telegram channel" and opens the plain channel. English and Amharic, without
 * JavaScript.
 */
import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { E2E_TELEGRAM } from '../../playwright.config.ts';
import { adminPage, dealFields, postVerifiedDeal, signedInPage, tinyPng } from './support.ts';

test.use({ javaScriptEnabled: false });

const WORDS = {
  en: {
    prefix: '',
    person: 'Message the seller on Telegram',
    channel: "Visit the seller's Telegram channel",
    message: (product: string, link: string) => `Hello! I saw your deal "${product}" on Sefer: ${link} Is it still available?`,
  },
  am: {
    prefix: '/am',
    person: 'ለሻጩ በቴሌግራም መልዕክት ይላኩ',
    channel: 'የሻጩን የቴሌግራም ቻናል ይጎብኙ',
    message: (product: string, link: string) => `ሰላም! "${product}" የሚለውን ቅናሽዎን በሰፈር ላይ አይቻለሁ፦ ${link} አሁንም አለ?`,
  },
} as const;

/** Where a counted contact link sends the visitor (the redirect itself, not followed). */
async function redirectOf(request: APIRequestContext, href: string): Promise<string> {
  const response = await request.get(href, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return response.headers()['location']!;
}

/**
 * Taps `link` as a buyer does (it opens a new tab: target=_blank) and reads where the server sends
 * that tap: the tab's /go request goes to the server, and its redirect is held there (t.me is
 * outside the test).
 */
async function followed(page: Page, link: Locator): Promise<string> {
  let status = 0;
  let location = '';
  const tapped = async (route: Route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    status = response.status();
    location = response.headers()['location'] ?? '';
    await route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' });
  };
  await page.context().route('**/go/*/telegram', tapped);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await tab.waitForLoadState();
  await tab.close();
  await page.context().unroute('**/go/*/telegram', tapped);
  expect(status).toBe(302);
  return location;
}

for (const lang of ['en', 'am'] as const) {
  const words = WORDS[lang];

  test(`${lang}: a person's Telegram link prefills a message naming the deal; a channel's says "visit the channel"`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Sign-up, two posted and verified deals, the background look at each contact and four pages.
    test.setTimeout(90_000);
    const run = `${lang}${Date.now().toString(36)}`;
    const person = `abebe_${run}`;
    const channel = `news_${run}`;
    // The fake Bot API answers getChat for this name as a public channel (a person is "chat not found").
    expect((await page.request.post(`${E2E_TELEGRAM.url}/__fake/chat`, { data: { username: channel, type: 'channel' } })).ok()).toBe(true);

    const seller = await signedInPage(browser, baseURL!);
    const admin = await adminPage(browser, baseURL!);
    const product = `Roasted coffee ${run}`;
    const personDeal = await postVerifiedDeal(
      seller.page,
      admin,
      baseURL!,
      dealFields(product, `Abebe Coffee ${run}`, { contact_telegram: `@${person}` }),
      tinyPng('p.png'),
    );
    const channelDeal = await postVerifiedDeal(
      seller.page,
      admin,
      baseURL!,
      dealFields(`Teff flour ${run}`, `Addis News ${run}`, { contact_telegram: `https://t.me/${channel}` }),
      tinyPng('p.png'),
    );
    await admin.context().close();
    await seller.context.close();

    // The bot asks Telegram in the background when a deal is sent (one job at a time, in order: the
    // person's first); the channel's link follows the answer once it is in (the admin queue's journeys,
    // whose notices would fill the queue for a minute, run in a stage of their own).
    await expect
      .poll(() => redirectOf(page.request, `${words.prefix}/go/${channelDeal}/telegram`), { timeout: 20_000 })
      .toBe(`https://t.me/${channel}`);
    const asked = (await (await page.request.get(`${E2E_TELEGRAM.url}/__fake/calls?method=getChat`)).json()) as {
      chatId?: string;
      status: number;
    }[];
    // A person's @name is "chat not found" to the Bot API: that is how a person is told.
    expect(asked.find((c) => c.chatId === `@${person}`)?.status).toBe(400);

    // The deal page of the person's deal.
    await page.goto(`${words.prefix}/listings/${personDeal}`);
    await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
    const dealLink = `${baseURL}${words.prefix}/listings/${personDeal}-roasted-coffee-${run}`;
    const expected = `https://t.me/${person}?text=${encodeURIComponent(words.message(product, dealLink))}`;
    const button = page.getByRole('link', { name: words.person, exact: true });
    await expect(button).toHaveAttribute('href', `${words.prefix}/go/${personDeal}/telegram`);
    expect(await redirectOf(page.request, `${words.prefix}/go/${personDeal}/telegram`)).toBe(expected);
    expect(decodeURIComponent(new URL(await followed(page, button)).search.slice('?text='.length))).toBe(words.message(product, dealLink));
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots/issue30-3-contact-${lang}.png` });

    // The cards on the seller's page: the same words and links for both deals.
    await page
      .getByRole('link', { name: `Abebe Coffee ${run}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/sellers/\\d+`));
    const personCard = page.locator('article', { has: page.getByRole('link', { name: product }) });
    const cardButton = personCard.getByRole('link', { name: words.person, exact: true });
    await expect(cardButton).toHaveAttribute('href', `${words.prefix}/go/${personDeal}/telegram`);
    expect(await followed(page, cardButton)).toBe(expected);
    const channelCard = page.locator('article', { has: page.getByRole('link', { name: `Teff flour ${run}` }) });
    const channelButton = channelCard.getByRole('link', { name: words.channel, exact: true });
    await expect(channelButton).toHaveAttribute('href', `${words.prefix}/go/${channelDeal}/telegram`);
    // A channel ignores ?text=: the plain channel, no message.
    expect(await followed(page, channelButton)).toBe(`https://t.me/${channel}`);

    // And on the channel deal's own page.
    await page.goto(`${words.prefix}/listings/${channelDeal}`);
    await expect(page.getByRole('link', { name: words.channel, exact: true })).toHaveAttribute(
      'href',
      `${words.prefix}/go/${channelDeal}/telegram`,
    );
  });
}
