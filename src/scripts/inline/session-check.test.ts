import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SCRIPT = readFileSync(new URL('./session-check.js', import.meta.url), 'utf8');

/**
 * Runs session-check.js in a page rendered for `rendered` ('in' or 'out'), with `cookie`, loaded as
 * `type`, then shows it (`persisted`: from the back-forward cache); returns where it went, if anywhere.
 */
function shown({
  rendered,
  cookie,
  type = 'navigate',
  persisted = false,
  href = 'https://sefer.example/form',
}: {
  rendered: 'in' | 'out';
  cookie: string;
  type?: string;
  persisted?: boolean;
  href?: string;
}): string[] {
  const replaced: string[] = [];
  const listeners: ((event: { persisted: boolean }) => void)[] = [];
  runInNewContext(SCRIPT, {
    document: { currentScript: { dataset: { session: rendered } }, cookie },
    performance: { getEntriesByType: (kind: string) => (kind === 'navigation' ? [{ type }] : []) },
    location: { href, replace: (to: string) => replaced.push(to) },
    addEventListener: (name: string, listener: (event: { persisted: boolean }) => void) => name === 'pageshow' && listeners.push(listener),
  });
  for (const listener of listeners) listener({ persisted });
  return replaced;
}

describe('a page brought back after a sign-in or sign-out', () => {
  it('is fetched again when the back-forward cache shows a signed-out page to a visitor now signed in, and the other way', () => {
    expect(shown({ rendered: 'out', cookie: 'sefer_lang=am; sefer_state=in', persisted: true })).toEqual(['https://sefer.example/form']);
    expect(shown({ rendered: 'in', cookie: 'sefer_lang=am', persisted: true })).toEqual(['https://sefer.example/form']);
  });

  it('also when the history brought it back from the HTTP cache, without its #place (a GET of the page itself)', () => {
    expect(shown({ rendered: 'out', cookie: 'sefer_state=in', type: 'back_forward', href: 'https://sefer.example/?q=1#deals' })).toEqual([
      'https://sefer.example/?q=1',
    ]);
  });

  it('is left alone when its state is the current one', () => {
    expect(shown({ rendered: 'in', cookie: 'sefer_state=in', persisted: true })).toEqual([]);
    expect(shown({ rendered: 'out', cookie: 'sefer_lang=am', persisted: true })).toEqual([]);
    expect(shown({ rendered: 'out', cookie: 'my_sefer_state=in', type: 'back_forward' })).toEqual([]);
  });

  it('never on a page just loaded or reloaded (the answer to a sign-in form says the state before): nothing loops', () => {
    expect(shown({ rendered: 'out', cookie: 'sefer_state=in', type: 'navigate' })).toEqual([]);
    expect(shown({ rendered: 'out', cookie: 'sefer_state=in', type: 'reload' })).toEqual([]);
  });
});
