import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SCRIPT = readFileSync(new URL('./menu.js', import.meta.url), 'utf8');

class FakeElement {
  constructor(private readonly button: FakeButton | null) {}
  closest(selector: string) {
    return selector === 'button[commandfor]' ? this.button : null;
  }
}
class FakeButton {
  constructor(private readonly attributes: Record<string, string>) {}
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
}
/** A dialog that counts what the script asks of it; `popover` makes showModal throw, as a dialog shown as a popover does. */
function fakeDialog(state: { open: boolean; popover?: boolean }) {
  const calls: string[] = [];
  return {
    calls,
    get open() {
      return state.open;
    },
    showModal() {
      if (state.popover) throw new Error('InvalidStateError');
      calls.push('showModal');
      state.open = true;
    },
    close() {
      calls.push('close');
      state.open = false;
    },
  };
}

/** Runs menu.js in a page whose buttons do (or do not) know `commandfor`, and returns what a click does. */
function page(native: boolean, dialog: ReturnType<typeof fakeDialog>) {
  const listeners: ((event: unknown) => void)[] = [];
  class HTMLButtonElement {}
  if (native) Object.defineProperty(HTMLButtonElement.prototype, 'commandForElement', { value: null });
  runInNewContext(SCRIPT, {
    HTMLButtonElement,
    Element: FakeElement,
    document: {
      addEventListener: (type: string, listener: (event: unknown) => void) => type === 'click' && listeners.push(listener),
      getElementById: (id: string) => (id === 'site-menu' ? dialog : null),
    },
  });
  return {
    listeners,
    click(attributes: Record<string, string> | null) {
      let prevented = false;
      const event = { target: new FakeElement(attributes && new FakeButton(attributes)), preventDefault: () => (prevented = true) };
      for (const listener of listeners) listener(event);
      return prevented;
    },
  };
}

const OPEN = { commandfor: 'site-menu', command: 'show-modal' };
const CLOSE = { commandfor: 'site-menu', command: 'close' };

describe('menu.js (invoker commands for browsers without them)', () => {
  it('leaves a browser that has invoker commands alone', () => {
    expect(page(true, fakeDialog({ open: false })).listeners).toHaveLength(0);
  });

  it('opens the menu as a modal dialog, instead of the popover the button would open', () => {
    const dialog = fakeDialog({ open: false });
    const tab = page(false, dialog);
    expect(tab.click(OPEN)).toBe(true);
    expect(dialog.calls).toEqual(['showModal']);
    expect(dialog.open).toBe(true);
  });

  it('closes it with the close button or the tap outside', () => {
    const dialog = fakeDialog({ open: true });
    expect(page(false, dialog).click(CLOSE)).toBe(true);
    expect(dialog.calls).toEqual(['close']);
  });

  it('does nothing for a command with nothing to do, another button or a missing dialog', () => {
    const dialog = fakeDialog({ open: true });
    const tab = page(false, dialog);
    expect(tab.click(OPEN)).toBe(false);
    expect(tab.click(null)).toBe(false);
    expect(tab.click({ commandfor: 'elsewhere', command: 'close' })).toBe(false);
    expect(tab.click({ commandfor: 'site-menu', command: 'toggle-popover' })).toBe(false);
    expect(dialog.calls).toEqual([]);
  });

  it('lets the popover open when the dialog cannot be shown as a modal', () => {
    const dialog = fakeDialog({ open: false, popover: true });
    expect(page(false, dialog).click(OPEN)).toBe(false);
    expect(dialog.calls).toEqual([]);
  });
});
