/**
 * The parts of a signed-in visitor's page that are theirs (issue 31): the greeting with their name,
 * their profile card, whether they saved the deal. Each is marked in the HTML by a pair of
 * comments, so that one copy of a page, rendered once for a made-up account that owns nothing,
 * serves every signed-in visitor with their own parts put in (keep-signed-in-pages.server.ts).
 *
 * `<!--own:greeting-->…<!--/own-->`: a part of the shell, the same on every page for one person
 * (taken from a page rendered for them). `<!--own:save:12:saved-->…<!--/own-->`: one variant of a
 * part that depends on the page; the template holds every variant and the visitor's is kept.
 * Parts do not nest.
 */

const OPEN = '<!--own:';
const CLOSE = '<!--/own-->';
/** A part's name: letters, digits and `:_-` (never `-->`). */
const NAME = /^[a-z0-9:_-]+$/i;

/** The comment that opens the part `name`. */
export function ownPartOpen(name: string): string {
  if (!NAME.test(name)) throw new Error(`not a part name: ${name}`);
  return `${OPEN}${name}-->`;
}

/** The comment that closes a part. */
export const ownPartClose = (): string => CLOSE;

/** A page cut at its parts: `text[i]` comes before `parts[i]`, and `text` has one more item. */
export interface PartedPage {
  text: string[];
  parts: { name: string; html: string }[];
}

/** The page cut at its parts, or null when its markers do not pair up (an open without a close, a nested part). */
export function partsOf(html: string): PartedPage | null {
  const text: string[] = [];
  const parts: PartedPage['parts'] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf(OPEN, at);
    if (open < 0) break;
    const nameEnd = html.indexOf('-->', open + OPEN.length);
    if (nameEnd < 0) return null;
    const name = html.slice(open + OPEN.length, nameEnd);
    if (!NAME.test(name)) return null;
    const close = html.indexOf(CLOSE, nameEnd + 3);
    if (close < 0) return null;
    const inner = html.slice(nameEnd + 3, close);
    if (inner.includes(OPEN)) return null;
    text.push(html.slice(at, open));
    parts.push({ name, html: inner });
    at = close + CLOSE.length;
  }
  if (html.indexOf(CLOSE, at) >= 0) return null;
  text.push(html.slice(at));
  return { text, parts };
}

/**
 * The page with each part replaced by what `choose` gives for it (its markers kept around it, so
 * the page can be cut again), or dropped with its markers when `choose` gives null.
 */
export function fillParts(page: PartedPage, choose: (part: { name: string; html: string }) => string | null): string {
  let html = page.text[0]!;
  page.parts.forEach((part, i) => {
    const chosen = choose(part);
    if (chosen !== null) html += `${OPEN}${part.name}-->${chosen}${CLOSE}`;
    html += page.text[i + 1]!;
  });
  return html;
}

/** The parts named in `names` as a page gives them (the first of each), or null when one is missing. */
export function namedParts(page: PartedPage, names: readonly string[]): Map<string, string> | null {
  const found = new Map<string, string>();
  for (const part of page.parts) if (names.includes(part.name) && !found.has(part.name)) found.set(part.name, part.html);
  return found.size === names.length ? found : null;
}
