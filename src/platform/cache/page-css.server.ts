/**
 * Each page carries only the CSS it uses. The site's stylesheet is inlined into every page (decision
 * 20: a separate file costs a first-time visitor a round trip before anything paints), but it holds
 * the rules of every screen: 47 KB of a category page's 69. Cut to the rules that match the page's
 * own elements, classes and attributes, a page's HTML reaches the first screen in one round trip on
 * slow 3G (issue 17, decision 21).
 *
 * PurgeCSS decides which rules match. It only needs the page's words that appear in some selector of
 * the stylesheet, so that vocabulary is both its input and the memo's key: pages of one kind (every
 * category page, every listing) share one answer, worked out once per process.
 */
import { PurgeCSS } from 'purgecss';
import { logger } from '#platform/log/log.server.ts';

const log = logger('cache');

/** The inlined stylesheet Astro puts in the head (`build.inlineStylesheets: 'always'`). */
const STYLE_OPEN = '<style>';
const STYLE_CLOSE = '</style>';
/**
 * Pages whose elements a script file may restyle after load (React islands, bundled scripts): their
 * classes are not all in the HTML, so they keep the whole stylesheet. Content pages have neither.
 * Told by the tags the word scan visits anyway: a regular expression over the whole page for them
 * was 2 % of a miss (issue 31).
 */
const SCRIPT_FILE = /\bsrc=|type="module"/;
/**
 * What separates the words of a page: spaces, quotes and tag brackets. A word with `=` in it is
 * looked up whole (a class such as `data-[kind=error]:bg-red-50`) and in its parts (`class=`,
 * an attribute's name and value), as PurgeCSS reads HTML. One split of the page: a regular
 * expression looking for words with `=` at every position cost 9 % of an uncached render (issue 31).
 */
const WORD_BREAK = /[\s<>"'`]+/;
const MEMO_LIMIT = 500;

interface Stylesheet {
  css: string;
  /** Every class, tag, id and attribute word that appears in a selector of the stylesheet. */
  vocabulary: Set<string>;
  /** The cut stylesheet for a page's vocabulary (a key of its sorted words). */
  cuts: Map<string, Promise<string>>;
}

const stylesheets = new Map<string, Stylesheet>();

/** The page with its inline stylesheet cut to the rules its HTML can match; any other page as it is. */
export async function withPageCss(html: string): Promise<string> {
  const open = html.indexOf(STYLE_OPEN);
  const close = open < 0 ? -1 : html.indexOf(STYLE_CLOSE, open);
  if (close < 0) return html;
  const css = html.slice(open + STYLE_OPEN.length, close);
  const sheet = stylesheetOf(css);
  const rest = html.slice(0, open) + html.slice(close + STYLE_CLOSE.length);
  const { words, loadsScript } = scanPage(rest, sheet.vocabulary);
  if (loadsScript) return html;
  const key = [...words].sort().join(' ');
  let cut = sheet.cuts.get(key);
  if (!cut) {
    cut = purge(css, key);
    if (sheet.cuts.size >= MEMO_LIMIT) sheet.cuts.delete(sheet.cuts.keys().next().value!);
    sheet.cuts.set(key, cut);
    // A failure is not remembered: the next page tries again (and this one keeps the whole sheet).
    cut.catch(() => sheet.cuts.delete(key));
  }
  let used: string;
  try {
    used = await cut;
  } catch (error) {
    log.error(`[page-css] kept the whole stylesheet: ${(error as Error).message}`);
    return html;
  }
  return `${html.slice(0, open)}${STYLE_OPEN}${used}${html.slice(close)}`;
}

/**
 * The words of `html`'s markup that some selector of the stylesheet names: its tags, attribute
 * names and values, and the code of its inline scripts (which may set a class or an attribute).
 * Text between tags and data blocks (`<script type="application/ld+json">`) are left out: no
 * selector matches them, and a deal's own words (a description saying "grid", "table" or "hidden")
 * would otherwise make its page's key its own and cost a cut per deal (13 % of the CPU of the
 * mixed workload, issue 31).
 */
export function pageWords(html: string, vocabulary: ReadonlySet<string>): Set<string> {
  return scanPage(html, vocabulary).words;
}

/** The page's words ({@link pageWords}), and whether it loads a script file or an island. */
function scanPage(html: string, vocabulary: ReadonlySet<string>): { words: Set<string>; loadsScript: boolean } {
  const words = new Set<string>();
  const known = tagWordsOf(vocabulary);
  const loadsScript = forEachMarkup(html, (markup) => {
    let found = known.get(markup);
    if (!found) {
      found = wordsIn(markup, vocabulary).map(detached);
      if (known.size >= TAG_MEMO_LIMIT) known.clear();
      known.set(detached(markup), found);
    }
    for (const word of found) words.add(word);
  });
  return { words, loadsScript };
}

/**
 * The words each tag gave, by vocabulary: a page's tags are mostly the same as the last page's
 * (`<div class="flex items-center gap-2">` on every card), so a tag seen before costs one lookup
 * instead of a split and a lookup per word (pageWords was 5 % of the mixed workload's CPU).
 */
const tagMemos = new WeakMap<ReadonlySet<string>, Map<string, readonly string[]>>();
const TAG_MEMO_LIMIT = 20_000;

function tagWordsOf(vocabulary: ReadonlySet<string>): Map<string, readonly string[]> {
  let memo = tagMemos.get(vocabulary);
  if (!memo) tagMemos.set(vocabulary, (memo = new Map()));
  return memo;
}

/**
 * A copy of `text` that holds none of the page it was cut from: V8 keeps a slice of a string as a
 * pointer into the whole, so a kept tag would keep its page's HTML alive.
 */
const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** The words of one piece of markup that the vocabulary holds. */
function wordsIn(markup: string, vocabulary: ReadonlySet<string>): readonly string[] {
  const found: string[] = [];
  for (const token of markup.split(WORD_BREAK)) {
    if (token !== '' && vocabulary.has(token)) found.push(token);
    if (!token.includes('=')) continue;
    for (const part of token.split('=')) if (part !== '' && vocabulary.has(part)) found.push(part);
  }
  return found;
}

/** A script element that holds data, not code. */
const DATA_BLOCK = /^<script\b[^>]*\btype=["']?application\//;

/**
 * Calls `visit` with every tag of `html` (from `<` to `>`; Astro escapes `<` and `>` in attribute
 * values and text) and each inline script's code whole. Answers whether a tag loads a script file
 * or is an island.
 */
function forEachMarkup(html: string, visit: (markup: string) => void): boolean {
  let at = 0;
  let loadsScript = false;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open < 0) return loadsScript;
    let end = html.indexOf('>', open);
    if (end < 0) end = html.length - 1;
    if (html.startsWith('<astro-island', open)) loadsScript = true;
    if (html.startsWith('<script', open)) {
      const close = html.indexOf('</script>', end);
      const tag = html.slice(open, end + 1);
      if (SCRIPT_FILE.test(tag)) loadsScript = true;
      visit(DATA_BLOCK.test(tag) ? tag : html.slice(open, close < 0 ? html.length : close));
      at = close < 0 ? html.length : close + '</script>'.length;
      continue;
    }
    visit(html.slice(open, end + 1));
    at = end + 1;
  }
}

async function purge(css: string, words: string): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: words, extension: 'txt' }],
    css: [{ raw: keepingWhereNot(css) }],
    defaultExtractor: (content) => content.split(' '),
    keyframes: true,
    fontFace: true,
    // Tailwind's custom properties that no kept rule reads (theme colours, shadow and ring parts).
    variables: true,
    // Scripts toggle `hidden` (and `open`, which PurgeCSS always keeps).
    dynamicAttributes: ['hidden'],
  });
  return withoutIdleProperties(result?.css ?? css);
}

/** `@property` registrations of custom properties nothing else in the sheet names (a Tailwind utility the page does not use). */
function withoutIdleProperties(css: string): string {
  return css.replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (css.split(name).length > 2 ? rule : ''));
}

/**
 * PurgeCSS 8 drops every rule with `:not()` inside `:where()` (the inner selector, a bare pseudo-class,
 * is never "found"): preflight's `[hidden]:where(:not([hidden=until-found]))` among them, which left
 * `hidden` elements with a `flex` class showing. Such rules are kept whole.
 */
const keepingWhereNot = (css: string) => css.replace(/(:where\(:not\([^{}]*\{)/g, '$1/* purgecss ignore current */');

function stylesheetOf(css: string): Stylesheet {
  // Each page's stylesheet is a new string: hashing all of it for the lookup cost as much as the
  // rest of the cut. Its length and ends tell the builds' stylesheets apart; the whole is compared
  // only when they match.
  const key = `${css.length}:${css.slice(0, 48)}:${css.slice(-48)}`;
  let sheet = stylesheets.get(key);
  if (!sheet || sheet.css !== css) {
    // One stylesheet per build; a second only in development, where it changes as files are saved.
    if (stylesheets.size > 4) stylesheets.clear();
    sheet = { css, vocabulary: selectorVocabulary(css), cuts: new Map() };
    stylesheets.set(key, sheet);
  }
  return sheet;
}

/**
 * The words a selector of `css` can ask a page for: class names (unescaped: `.max-sm\:ml-auto` is the
 * class `max-sm:ml-auto`), and every plain word of a selector (tags, ids, attribute names and values).
 * A superset is harmless; a word missing here would drop a rule the page needs.
 */
export function selectorVocabulary(css: string): Set<string> {
  const vocabulary = new Set<string>();
  const withoutBlocks = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Selectors are the text before each `{` back to the previous `{`, `}` or `;`.
  for (const [, prelude] of withoutBlocks.matchAll(/(?<=^|[{};])([^{};]*)\{/g)) {
    if (!prelude || prelude.trim().startsWith('@')) continue;
    for (const [, name] of prelude.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)) vocabulary.add(unescapeCss(name!));
    for (const [word] of prelude.matchAll(/[\w-]+/g)) vocabulary.add(word);
  }
  return vocabulary;
}

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}
