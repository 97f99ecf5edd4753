/**
 * The request box's inline script (src/scripts/inline/request-box.js) in a small stand-in for the
 * page: the box's elements as the component renders them, `fetch` and `alert` recorded.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import script from '#scripts/inline/request-box.js?raw';
import { PHONE_PATTERN } from './phone-in-text.ts';

type Listener = (event: Record<string, unknown>) => unknown;

class Element {
  hidden = false;
  disabled = false;
  textContent = '';
  value = '';
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, Listener[]>();
  constructor(readonly dataset: Record<string, string> = {}) {}
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Runs the listeners of `type`; resolves when their work (a post) is done. */
  async fire(type: string, event: Record<string, unknown> = {}) {
    const full = { preventDefault: () => {}, ...event };
    await Promise.all((this.listeners.get(type) ?? []).map((listener) => listener(full)));
  }
  toggleAttribute(name: string, on: boolean) {
    if (on) this.attributes.set(name, '');
    else this.attributes.delete(name);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

const TEXTS = { blank: 'blank', sending: 'sending', sent: 'sent', failed: 'failed', publicPhone: 'public phone', send: 'Send' };

/** The box with the script running in it; `answer` is the status /api/cat answers. */
function box(answer = 201) {
  const form = new Element({ texts: JSON.stringify(TEXTS), phonePattern: PHONE_PATTERN });
  const parts: Record<string, Element> = {
    textarea: new Element(),
    '[data-send]': new Element(),
    '[data-request-status]': new Element(),
    '[data-send-label]': new Element(),
    '[data-send-anyway-row]': new Element(),
    '[data-send-anyway]': new Element(),
  };
  parts['[data-request-status]']!.hidden = true;
  parts['[data-send-anyway-row]']!.hidden = true;
  parts['[data-send-anyway]']!.value = 'yes';
  const posts: unknown[] = [];
  const alerts: string[] = [];
  let submitting: Promise<void> = Promise.resolve();
  Object.assign(form, {
    querySelector: (selector: string) => parts[selector],
    requestSubmit: () => {
      submitting = form.fire('submit');
    },
  });
  vm.runInNewContext(script, {
    document: { getElementById: () => form },
    alert: (text: string) => alerts.push(text),
    fetch: async (_url: string, init: { body: string }) => {
      posts.push(JSON.parse(init.body));
      return { ok: answer < 300, status: answer, json: async () => ({}) };
    },
    location: { href: 'http://localhost/recents' },
    history: { replaceState: () => {} },
    setTimeout,
    clearTimeout,
    URL,
    JSON,
  });
  const text = parts.textarea!;
  const status = parts['[data-request-status]']!;
  const type = async (value: string) => {
    text.value = value;
    await text.fire('input');
  };
  const enter = async (shiftKey = false) => {
    await text.fire('keydown', { key: 'Enter', shiftKey, isComposing: false });
    await submitting;
  };
  const anyway = async () => {
    await parts['[data-send-anyway]']!.fire('click');
    await form.fire('submit');
  };
  const warned = () => !status.hidden && status.textContent === TEXTS.publicPhone && !parts['[data-send-anyway-row]']!.hidden;
  return { text, status, posts, alerts, type, enter, anyway, warned };
}

describe('the request box script', () => {
  it('holds a text with a phone number back with the warning, and posts it after "Send anyway"', async () => {
    const b = box();
    await b.type('Selling a fridge, call 0911 23 45 67');
    await b.enter();
    expect(b.posts).toEqual([]);
    expect(b.warned()).toBe(true);
    expect(b.status.hasAttribute('data-warn')).toBe(true);
    expect(b.text.value).toBe('Selling a fridge, call 0911 23 45 67');
    // Enter again is asked again.
    await b.enter();
    expect(b.posts).toEqual([]);
    await b.anyway();
    expect(b.posts).toEqual([{ message: 'Selling a fridge, call 0911 23 45 67', public_phone: 'yes' }]);
    expect(b.text.value).toBe('');
    expect(b.status.textContent).toBe(TEXTS.sent);
    expect(b.status.hasAttribute('data-ok')).toBe(true);
    expect(b.warned()).toBe(false);
  });

  it('sends a text without a number at once, and takes the warning back when the number is removed', async () => {
    const b = box();
    await b.type('Teff 2 kg for 1500 birr 0911234567');
    await b.enter();
    expect(b.warned()).toBe(true);
    await b.type('Teff 2 kg for 1500 birr');
    expect(b.warned()).toBe(false);
    await b.enter();
    expect(b.posts).toEqual([{ message: 'Teff 2 kg for 1500 birr' }]);
  });

  it("keeps the spec's box: blank is not sent, Shift+Enter does not send", async () => {
    const b = box();
    await b.type('   ');
    await b.enter();
    expect(b.alerts).toEqual([TEXTS.blank]);
    await b.type('line one');
    await b.enter(true);
    expect(b.posts).toEqual([]);
  });

  it('says a refused post failed, in red', async () => {
    const b = box(503);
    await b.type('Need a sofa');
    await b.enter();
    expect(b.status.textContent).toBe(TEXTS.failed);
    expect(b.status.hasAttribute('data-error')).toBe(true);
  });
});
