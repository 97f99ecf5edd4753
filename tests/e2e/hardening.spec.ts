/**
 * Issue 10, items 4 and 13: no redirect leaves the site, and pages run only the inline scripts
 * whose hashes the Content-Security-Policy lists.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

const scriptSrc = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];

/** The text of every inline script that the browser would run (not JSON-LD). */
async function inlineScripts(page: Page): Promise<string[]> {
  return page.$$eval('script:not([src])', (els: HTMLScriptElement[]) =>
    els.filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript').map((s) => s.textContent ?? ''),
  );
}

test.describe('Content-Security-Policy without unsafe-inline for scripts (item 13)', () => {
  const pages = [
    '/',
    '/services',
    '/homes',
    '/weekly-discounts',
    '/recents',
    '/contact-us',
    '/nearby-shops?place=Edna%20Mall',
    '/search?query=coffee',
    '/shop',
    '/new-products',
    '/signup',
    '/404-nothing-here',
  ];

  for (const path of pages) {
    test(`${path}: every inline script is allowed by its hash, and nothing is refused`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      const response = await page.goto(path);
      const csp = (await response!.allHeaders())['content-security-policy'] ?? '';
      const sources = scriptSrc(csp);
      expect(sources).toContain("'self'");
      expect(sources).not.toContain("'unsafe-inline'");
      for (const code of await inlineScripts(page)) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
        expect(sources, `inline script not allowed by hash: ${code.slice(0, 80)}`).toContain(hash);
      }
      await page.waitForLoadState('load');
      expect(refused).toEqual([]);
    });
  }

  test('a listing detail page and its comments run only allowed scripts', async ({ page }) => {
    await page.goto('/homes');
    const href = await page.locator('a[href^="/listings/"]').first().getAttribute('href');
    for (const path of [href!, `/comments?listing=${/\/listings\/(\d+)/.exec(href!)![1]}&image=photo`]) {
      const response = await page.goto(path);
      const sources = scriptSrc((await response!.allHeaders())['content-security-policy'] ?? '');
      expect(sources).not.toContain("'unsafe-inline'");
      for (const code of await inlineScripts(page)) {
        expect(sources).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      }
    }
  });

  test("an injected inline script does not run, and the page's own scripts still do", async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('</main>', '<script>window.injected = true</script></main>');
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto('/');
    expect(await page.content()).toContain('<script>window.injected = true</script>');
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(refused.join('\n')).toMatch(/inline script/i);
    // The carousel script (allowed by hash) shows the hero's controls.
    await expect(page.locator('[data-carousel] [data-controls]').first()).toBeVisible();
  });

  test('API responses carry a policy without unsafe-inline too', async ({ request }) => {
    const response = await request.get('/api/cat');
    expect(scriptSrc(response.headers()['content-security-policy'] ?? '')).toEqual(["'self'"]);
  });
});

test.describe('no redirect leaves the site (item 4)', () => {
  for (const next of ['/%09/evil.example', '/%0d/evil.example', '/%0a/evil.example', '//evil.example', '/%5Cevil.example']) {
    test(`/welcome?next=${next} goes home, not to another host`, async ({ request }) => {
      const html = await (await request.get(`/welcome?next=${next}`)).text();
      const refresh = /http-equiv="refresh" content="([^"]*)"/.exec(html)?.[1];
      expect(refresh).toBe('3;url=/');
    });
  }

  // Issue 25 item 2: the check runs on the path after the language prefix is removed or added.
  const attacks = [
    '/am//evil.example/x',
    '/am/%5Cevil.example',
    '/am/%09/evil.example',
    '/am/%0d%0a/evil.example',
    '/%2F/evil.example',
    '/am/%2F/evil.example',
  ];
  for (const path of ['/language?set=en', '/language?set=am', '/am/language?set=en', '/lite-mode?set=on', '/am/lite-mode?set=off']) {
    test(`${path}&next=… never answers a Location on another host`, async ({ request, baseURL }) => {
      for (const next of attacks) {
        const response = await request.get(`${path}&next=${next}`, { maxRedirects: 0 });
        expect(response.status(), next).toBe(303);
        const location = response.headers().location!;
        expect(new URL(location, baseURL).origin, `${next} → ${location}`).toBe(new URL(baseURL!).origin);
        expect(/^https?:\/\/[^/]*\/\/|^\/\/|\\/.test(location), `${next} → ${location}`).toBe(false);
      }
    });
  }

  test('/welcome and /am/welcome with a next= that loses its /am prefix stay on the site', async ({ request }) => {
    for (const page of ['/welcome', '/am/welcome']) {
      const html = await (await request.get(`${page}?next=/am//evil.example/x`)).text();
      const refresh = /http-equiv="refresh" content="3;url=([^"]*)"/.exec(html)?.[1] ?? '';
      expect(refresh.startsWith('/') && !refresh.startsWith('//'), refresh).toBe(true);
    }
  });

  test('a form post whose same-origin Referer path starts with // comes back to this site', async ({ request, baseURL }) => {
    for (const path of ['//evil.example/x', '//evil.example', '/\\evil.example/']) {
      const response = await request.post('/api/cat', {
        form: { message: '' },
        headers: { referer: `${baseURL}${path}`, origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      const location = response.headers().location!;
      expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')).toBe(true);
      expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
    }
  });
});
