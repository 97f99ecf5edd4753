/**
 * Issue 30 item 10: the admin's queue for 50 deals a day, at 390 px. Sellers post 50 deals (some
 * duplicates, some edits of live deals); the admin clears them with bulk Verify, single Verify and
 * Reject with a reason code, staying at the next item after each decision (timed); without
 * JavaScript a decision comes back at the next item's anchor with a flash; the count, the filters,
 * the flags and the keyboard shortcuts; in English and Amharic.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminPage, adminStatePath, dealFields, signedInPage, tinyPng } from './support.ts';

const PHOTO = tinyPng('deal.png');

/** Posts a deal through the listing API as `seller`: its id (waiting). */
async function post(seller: Page, baseURL: string, fields: Record<string, string>): Promise<number> {
  const created = await seller.request.post('/api/products/', {
    headers: { Origin: baseURL },
    multipart: { ...fields, profile_photo: PHOTO, product_photo: PHOTO },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A live deal of `seller` with a waiting edit (the seller's edit route): its id. */
async function editedLiveDeal(seller: Page, admin: Page, baseURL: string, fields: Record<string, string>): Promise<number> {
  const headers = { Origin: baseURL };
  const id = await post(seller, baseURL, fields);
  expect((await admin.request.post(`/api/admin/listings/${id}/`, { headers, data: { verdict: 'verify' } })).status()).toBe(200);
  const edited = await seller.request.patch(`/api/delete/products/${id}/`, {
    headers,
    multipart: { ...fields, description: `${fields.description} Now with free delivery.` },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return id;
}

/** The ids of `ids` among the queue's rows on screen (other tests' deals may wait too). */
async function ownRows(admin: Page, ids: Set<number>) {
  const shown = await admin
    .locator('[data-queue-row]')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.listingId)));
  return shown.filter((id) => ids.has(id));
}

/** Opens the first page of `path` holding one of `ids`; false when none is left on any page. */
async function pageWith(admin: Page, path: string, ids: Set<number>): Promise<boolean> {
  for (let n = 1; n <= 12; n++) {
    await admin.goto(`${path}${path.includes('?') ? '&' : '?'}page=${n}`);
    if ((await ownRows(admin, ids)).length > 0) return true;
    if ((await admin.locator('a[rel=next]').count()) === 0) return false;
  }
  return false;
}

const row = (admin: Page, id: number) => admin.locator(`[data-listing-id="${id}"]`);

test('an admin clears 50 deals (duplicates, edits of live deals) at 390 px without going back to the top', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const hana = await signedInPage(browser, baseURL!, { firstName: 'Hana' });
  const abebe = await signedInPage(browser, baseURL!, { firstName: 'Abebe' });
  const admin = await adminPage(browser, baseURL!);
  const ids = new Set<number>();
  // Whose each deal is, and its title: a rejection is read in its own seller's My Posts.
  const posted = new Map<number, { seller: Page; title: string }>();
  const add = (list: number[] | null, seller: Page, title: string, id: number) => {
    ids.add(id);
    posted.set(id, { seller, title });
    list?.push(id);
  };
  const duplicates: number[] = [];
  for (let i = 0; i < 38; i++) {
    const seller = i % 2 ? abebe.page : hana.page;
    add(null, seller, `Queue deal ${stamp} ${i}`, await post(seller, baseURL!, dealFields(`Queue deal ${stamp} ${i}`, `Shop ${i % 5}`)));
  }
  // The same deal again by the same seller (asked first: post_again), and by another seller.
  for (let i = 0; i < 2; i++) {
    add(
      duplicates,
      hana.page,
      `Queue deal ${stamp} ${i * 2}`,
      await post(hana.page, baseURL!, dealFields(`Queue deal ${stamp} ${i * 2}`, 'Shop 0', { post_again: 'yes' })),
    );
    add(
      duplicates,
      abebe.page,
      `Queue deal ${stamp} ${i * 2}`,
      await post(abebe.page, baseURL!, dealFields(`Queue deal ${stamp} ${i * 2}`, 'Shop 0')),
    );
  }
  const edits: number[] = [];
  for (let i = 0; i < 8; i++)
    add(
      edits,
      hana.page,
      `Queue live ${stamp} ${i}`,
      await editedLiveDeal(hana.page, admin, baseURL!, dealFields(`Queue live ${stamp} ${i}`, 'Taitu Kitchen')),
    );
  expect(ids.size).toBe(50);

  // The count, the filters with counts, the flags; a collapsed row is compact.
  await admin.goto('/admin');
  await expect(admin.locator('[data-queue-waiting]')).toContainText(/\d+ waiting/);
  const waiting = Number(await admin.locator('[data-queue-waiting] [data-count="all"]').textContent());
  expect(waiting).toBeGreaterThanOrEqual(50);
  for (const label of ['All (', 'New (', 'Edits (', 'Reported seller ('])
    await expect(admin.getByRole('link', { name: label })).toBeVisible();
  await admin.screenshot({ path: 'test-results/shots/issue30-10-en.png' });
  expect(await pageWith(admin, '/admin?show=edited', new Set(edits))).toBe(true);
  await expect(admin.locator('[data-queue-row]:not([data-kind="edit"])')).toHaveCount(0);
  const edit = row(admin, edits[0]!);
  await expect(edit.locator('[data-queue-kind]')).toHaveText('Edit of a live deal');
  await edit.locator('summary', { hasText: 'Details' }).click();
  await expect(edit.locator('[data-listing-edit] ins', { hasText: 'Now with free delivery.' })).toBeVisible();
  expect(await pageWith(admin, '/admin', new Set(duplicates))).toBe(true);
  const flagged = row(admin, (await ownRows(admin, new Set(duplicates)))[0]!);
  await expect(flagged.locator('[data-flag="duplicate"]')).toHaveText(/Possible duplicate of #\d+/);
  const plain = admin.locator('[data-queue-row]:not(:has([data-flag]))').first();
  expect((await plain.boundingBox())!.height).toBeLessThanOrEqual(130);

  // Clearing all 50, timed: a bulk Verify a page, then one by one (every fifth rejected with a code).
  const left = new Set(ids);
  const rejected: number[] = [];
  const started = Date.now();
  let decided = 0;
  while (left.size > 0 && (await pageWith(admin, '/admin', left))) {
    const mine = await ownRows(admin, left);
    // At most half of this page's own rows in bulk, so that single decisions (and rejections)
    // happen however the queue's pages fall after the rest of the suite's waiting deals.
    const bulk = mine.slice(0, Math.min(8, Math.ceil(mine.length / 2)));
    const singles = mine.slice(bulk.length);
    for (const id of bulk) await row(admin, id).getByRole('checkbox').check();
    await admin.getByRole('button', { name: `Verify selected (${bulk.length})` }).click();
    await expect(admin.locator('[data-queue-flash]')).toHaveText(`Verified ${bulk.length} of ${bulk.length} selected.`);
    for (const id of bulk) left.delete(id);
    for (const id of singles) {
      const item = row(admin, id);
      // The row after it, by id: this one leaves the list when decided.
      const nextId = await item.evaluate((el) => (el.nextElementSibling as HTMLElement | null)?.dataset.listingId ?? null);
      const next = admin.locator(`[data-listing-id="${nextId}"]`);
      const hasNext = nextId !== null;
      const far = await item.evaluate((el) => el.getBoundingClientRect().top + window.scrollY > window.innerHeight);
      if (decided % 5 === 4) {
        await item.locator('summary', { hasText: 'Reject' }).click();
        await item.locator('select[name=code]').selectOption('duplicate');
        await item.getByRole('button', { name: 'Reject', exact: true }).click();
        await expect(admin.locator('[data-queue-flash]')).toContainText('Rejected: ');
        rejected.push(id);
      } else {
        await item.getByRole('button', { name: 'Verify', exact: true }).click();
        await expect(admin.locator('[data-queue-flash]')).toContainText('Verified: Queue');
      }
      await expect(item).toHaveCount(0);
      decided++;
      left.delete(id);
      // Still where the admin was: far down the list the page has not gone back to the top.
      if (far) expect(await admin.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      if (hasNext) await expect(next).toBeInViewport();
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`admin cleared 50 in ${seconds} s`);
  expect(left.size).toBe(0);
  expect(rejected.length).toBeGreaterThan(0);

  // A rejected seller reads the code's words in My Posts.
  const { seller: rejectedSeller, title } = posted.get(rejected.find((id) => !edits.includes(id)) ?? rejected[0]!)!;
  await rejectedSeller.goto(`/myposts?search=${encodeURIComponent(title)}`);
  await expect(rejectedSeller.getByText('The same deal is already listed.').first()).toBeVisible();
  await admin.context().close();
  await hana.context.close();
  await abebe.context.close();
});

test('without JavaScript a decision comes back at the next item with a flash; keys work with JavaScript', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const seller = await signedInPage(browser, baseURL!);
  const made: number[] = [];
  // Eight, so that one page of 25 holds at least four of them in a row (other tests' deals wait too).
  for (let i = 0; i < 8; i++) made.push(await post(seller.page, baseURL!, dealFields(`Plain deal ${stamp} ${i}`, 'Merkato Foods')));
  const plain = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    storageState: adminStatePath(),
    javaScriptEnabled: false,
  });
  const admin = await plain.newPage();
  expect(await pageWith(admin, '/admin?show=new', new Set(made))).toBe(true);
  if ((await ownRows(admin, new Set(made))).length < 4) await admin.locator('a[rel=next]').click();
  const onPage = await ownRows(admin, new Set(made));
  expect(onPage.length).toBeGreaterThanOrEqual(4);
  const [first, second, third, fourth] = onPage;
  // The row after a decided one, as listed: another test's deal may sit between ours.
  const after = (id: number) => row(admin, id).evaluate((el) => Number((el.nextElementSibling as HTMLElement).dataset.listingId));
  const names = new Map(made.map((id, i) => [id, `Plain deal ${stamp} ${i}`]));
  const afterFirst = await after(first!);
  await row(admin, first!).getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin\\?show=new(&page=\\d+)?&done=verified&item=${first}#q-${afterFirst}$`));
  await expect(admin.locator('[data-queue-flash]')).toHaveText(`Verified: ${names.get(first!)}`);
  await expect(row(admin, afterFirst)).toBeInViewport();
  const rejecting = row(admin, second!);
  const afterSecond = await after(second!);
  await rejecting.locator('summary', { hasText: 'Reject' }).click();
  await rejecting.locator('select[name=code]').selectOption('photo');
  await rejecting.getByLabel('Note to the seller').fill('The label is blurry.');
  await rejecting.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`done=rejected&item=${second}#q-${afterSecond}$`));
  await expect(admin.locator('[data-queue-flash]')).toHaveText(`Rejected: ${names.get(second!)}`);
  for (const id of [third!, fourth!]) await row(admin, id).getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Verify selected' }).click();
  await expect(admin.locator('[data-queue-flash]')).toHaveText('Verified 2 of 2 selected.');
  await plain.close();

  await seller.page.goto('/myposts');
  await expect(seller.page.locator(`#post-${second}`)).toContainText('The photo is missing or unclear.');
  await expect(seller.page.locator(`#post-${second}`)).toContainText('The label is blurry.');

  // With JavaScript: j moves, x selects, ? shows the keys, v verifies; a v typed in the note does nothing.
  const keyed = await adminPage(browser, baseURL!);
  const rest = made.filter((id) => !onPage.slice(0, 4).includes(id));
  expect(await pageWith(keyed, '/admin?show=new', new Set(rest))).toBe(true);
  const last = row(keyed, (await ownRows(keyed, new Set(rest)))[0]!);
  await last.click({ position: { x: 5, y: 5 } });
  await keyed.keyboard.press('?');
  await expect(keyed.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await keyed.keyboard.press('r');
  await expect(last.locator('select[name=code]')).toBeFocused();
  await last.getByLabel('Note to the seller').fill('v');
  await expect(last).toHaveCount(1);
  await last.click({ position: { x: 5, y: 5 } });
  await keyed.keyboard.press('x');
  await expect(last.getByRole('checkbox')).toBeChecked();
  await expect(keyed.getByRole('button', { name: 'Verify selected (1)' })).toBeVisible();
  await keyed.keyboard.press('v');
  await expect(last).toHaveCount(0);
  await keyed.context().close();
  await seller.context.close();
});

test('the queue in Amharic: count, filters, a decision in place, and the seller reads the reason in Amharic', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const seller = await signedInPage(browser, baseURL!);
  const made = [
    await post(seller.page, baseURL!, dealFields(`Amharic deal ${stamp} 0`, 'Piassa Foods')),
    await post(seller.page, baseURL!, dealFields(`Amharic deal ${stamp} 1`, 'Piassa Foods')),
  ];
  const admin = await adminPage(browser, baseURL!);
  expect(await pageWith(admin, '/am/admin?show=new', new Set(made))).toBe(true);
  await expect(admin.locator('[data-queue-waiting]')).toContainText('በመጠባበቅ ላይ');
  await expect(admin.getByRole('link', { name: 'አዲስ (' })).toHaveAttribute('aria-current', 'page');
  await admin.screenshot({ path: 'test-results/shots/issue30-10-am.png' });
  await row(admin, made[0]!).getByRole('button', { name: 'አረጋግጥ', exact: true }).click();
  await expect(admin.locator('[data-queue-flash]')).toHaveText(`ተረጋግጧል፦ Amharic deal ${stamp} 0`);
  await expect(row(admin, made[0]!)).toHaveCount(0);
  const rejecting = row(admin, made[1]!);
  await rejecting.locator('summary', { hasText: 'ውድቅ አድርግ' }).click();
  await rejecting.locator('select[name=code]').selectOption('category');
  await rejecting.getByRole('button', { name: 'ውድቅ አድርግ', exact: true }).click();
  await expect(rejecting).toHaveCount(0);
  await admin.context().close();
  await seller.page.goto('/am/myposts');
  await expect(seller.page.locator(`#post-${made[1]}`)).toContainText('ማስታወቂያው በተሳሳተ ምድብ ውስጥ ነው።');
  await seller.context.close();
});
