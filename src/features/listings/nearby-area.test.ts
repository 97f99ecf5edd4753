import { describe, expect, it, vi } from 'vitest';
import { areaPath, CENTRAL_ADDIS, findArea, NEARBY_AREAS, nearbyView } from './nearby-area.ts';
import { PLACES } from './places.ts';

const view = (query: string, cookie?: string) => {
  const remembered = vi.fn(() => cookie);
  return { view: nearbyView(new URLSearchParams(query), remembered), cookieRead: remembered.mock.calls.length > 0 };
};

describe('which deals /nearby-shops shows', () => {
  it('shows central Addis Ababa to a first visitor, without asking for a location', () => {
    expect(view('').view).toEqual({ kind: 'area', area: CENTRAL_ADDIS, chosen: false, notShared: null });
  });

  it('sends a visitor back to the neighbourhood they chose last, keeping the page asked for', () => {
    expect(view('', 'Piassa').view).toEqual({ kind: 'remembered', area: findArea('Piassa'), path: '/nearby-shops?place=Piassa' });
    expect(view('page=3', 'Bole Medhanialem').view).toMatchObject({ path: '/nearby-shops?place=Bole+Medhanialem&page=3' });
  });

  it('ignores a cookie that names no known area', () => {
    for (const cookie of ['Nowhere', 'piassa', '', '<script>']) {
      expect(view('', cookie).view, cookie).toMatchObject({ kind: 'area', area: CENTRAL_ADDIS, chosen: false });
    }
  });

  it("a neighbourhood's URL is the same for everybody: the cookie is not read", () => {
    const shown = view('place=Merkato', 'Piassa');
    expect(shown.view).toEqual({ kind: 'area', area: findArea('Merkato'), chosen: true, notShared: null });
    expect(shown.cookieRead).toBe(false);
    expect(view('place=Meskel+Square').view).toMatchObject({ kind: 'area', area: CENTRAL_ADDIS, chosen: true });
  });

  it('remembers a neighbourhood picked in the form, then goes to its page', () => {
    const picked = view('remember=1&place=Kazanchis', 'Piassa');
    expect(picked.view).toEqual({ kind: 'remember', area: findArea('Kazanchis'), path: '/nearby-shops?place=Kazanchis' });
    expect(picked.cookieRead).toBe(false);
    // A made-up place is not remembered.
    expect(view('remember=1&place=Atlantis').view).toMatchObject({ kind: 'area', area: CENTRAL_ADDIS });
  });

  it('a shared position wins, and its page never reads the cookie', () => {
    const shown = view('lat=9.01&lng=38.76&place=Piassa', 'Piassa');
    expect(shown.view).toEqual({ kind: 'position' });
    expect(shown.cookieRead).toBe(false);
    expect(view('lat=abc').view).toEqual({ kind: 'position' });
  });

  it('a refused or unavailable location still shows an area, and says why', () => {
    expect(view('location=denied').view).toEqual({ kind: 'area', area: CENTRAL_ADDIS, chosen: false, notShared: 'denied' });
    expect(view('location=unsupported', 'Piassa').view).toEqual({
      kind: 'area',
      area: findArea('Piassa'),
      chosen: true,
      notShared: 'unavailable',
    });
  });

  it('offers the city centre first, then every well-known place, each by its own name', () => {
    expect(NEARBY_AREAS.map((a) => a.name)).toEqual(['Meskel Square', ...PLACES.map((p) => p.name)]);
    expect(new Set(NEARBY_AREAS.map((a) => a.name)).size).toBe(NEARBY_AREAS.length);
    expect(CENTRAL_ADDIS.labels).toEqual(['Meskel Square (central Addis Ababa)', 'መስቀል አደባባይ (የአዲስ አበባ መሃል)']);
    expect(areaPath(CENTRAL_ADDIS, '1')).toBe('/nearby-shops?place=Meskel+Square');
  });
});
