import type { Page } from '@playwright/test';

/** Records every script file a page loads (inline scripts are not files). */
export function collectScriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname)) scripts.push(url);
  });
  return scripts;
}
