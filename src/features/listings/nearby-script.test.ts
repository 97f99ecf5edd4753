/**
 * The inline script of /nearby-shops (src/scripts/inline/nearby.js), run against a stand-in page:
 * it asks for the position only when "Share my location" is tapped; granted, it reloads sorted by
 * the position; refused or unavailable, it leaves the page as it is and shows the calm line.
 */
import { describe, expect, it, vi } from 'vitest';
import source from '#scripts/inline/nearby.js?raw';

const PERMISSION_DENIED = 1;
const TIMEOUT = 3;
type Answer = { position: { coords: { latitude: number; longitude: number } } } | { error: number };

function openPage(geolocation: { getCurrentPosition: ReturnType<typeof vi.fn> } | null) {
  const listeners: Record<string, () => void> = {};
  const button = {
    hidden: true,
    disabled: false,
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  const lines = ['locating', 'denied', 'unavailable'].map((name) => ({ hidden: true, dataset: { nearbyLine: name } }));
  const document = {
    querySelector: (selector: string) => (selector === '[data-locate]' ? button : null),
    querySelectorAll: (selector: string) => (selector === '[data-nearby-line]' ? lines : []),
  };
  const location = { search: '' };
  const navigator = geolocation ? { geolocation } : {};
  new Function('document', 'navigator', 'location', source)(document, navigator, location);
  const shown = () => lines.filter((line) => !line.hidden).map((line) => line.dataset.nearbyLine);
  return { button, location, shown, tap: () => listeners.click!() };
}

/** A browser whose location service answers `answer` when asked. */
function answering(answer: Answer) {
  return {
    getCurrentPosition: vi.fn((granted: (p: unknown) => void, refused: (e: unknown) => void) => {
      if ('position' in answer) granted(answer.position);
      else refused({ code: answer.error, PERMISSION_DENIED });
    }),
  };
}

describe('the nearby page script', () => {
  it('asks nothing on open; offers the button', () => {
    const geolocation = answering({ error: PERMISSION_DENIED });
    const page = openPage(geolocation);
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(page.button.hidden).toBe(false);
    expect(page.shown()).toEqual([]);
  });

  it('granted on the tap: reloads the page sorted by the position', () => {
    const geolocation = answering({ position: { coords: { latitude: 8.9963, longitude: 38.7868 } } });
    const page = openPage(geolocation);
    page.tap();
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(page.location.search).toBe('lat=8.996300&lng=38.786800');
  });

  it('says "finding your location" while it waits', () => {
    const geolocation = { getCurrentPosition: vi.fn() };
    const page = openPage(geolocation);
    page.tap();
    expect(page.shown()).toEqual(['locating']);
    expect(page.button.disabled).toBe(true);
  });

  it('refused: keeps the page, shows the calm line, and the button works again', () => {
    const page = openPage(answering({ error: PERMISSION_DENIED }));
    page.tap();
    expect(page.location.search).toBe('');
    expect(page.shown()).toEqual(['denied']);
    expect(page.button.disabled).toBe(false);
  });

  it('unavailable (a timeout, no location service): keeps the page and says so', () => {
    const timedOut = openPage(answering({ error: TIMEOUT }));
    timedOut.tap();
    expect(timedOut.shown()).toEqual(['unavailable']);
    expect(timedOut.location.search).toBe('');
    const without = openPage(null);
    without.tap();
    expect(without.shown()).toEqual(['unavailable']);
  });
});
