/**
 * The long prose pages in one file per language instead of hundreds of numbered message keys: a
 * translator reads and writes the page as a page. Two kinds, in src/content/pages/:
 * - `<page>.<locale>.html` (privacy, terms, shipping, returns): its plain-text fields (`key: value`
 *   lines between `---`), then the page's HTML, one block per line;
 * - `<page>.<locale>.json` (help center, tips, about, customer service): the texts of a page made
 *   of cards and lists, in the shape its page renders.
 * The files are bundled at build time; a page without its file in a language fails the catalogue
 * check (scripts/messages.mjs) and the page, never falls back to English silently.
 */
import { getLocale, type Locale } from '#paraglide/runtime.js';

const FILES = import.meta.glob<string>('/src/content/pages/*.html', { query: '?raw', import: 'default', eager: true });
const DATA = import.meta.glob<unknown>('/src/content/pages/*.json', { import: 'default', eager: true });

export interface PageContent {
  /** The plain-text fields (title, description, heading, lead…); the page escapes them as it shows them. */
  fields: Record<string, string>;
  /** The page's HTML, as Astro would have written it from messages (so the bytes are the same). */
  html: string;
}

/** Splits a content file into its fields and its HTML. */
export function parsePageContent(source: string): PageContent {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('A page content file starts with its fields between two "---" lines.');
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 2).trim();
  }
  return { fields, html: compact(match[2]!) };
}

/** Tags whose inner and outer white space is not shown: a line break next to one is only layout. */
const BLOCK_TAG = /\s*(<\/?(?:h[1-6]|p|ul|ol|li|div|section|table|thead|tbody|tr|th|td|blockquote)\b[^>]*>)\s*/g;

/**
 * The file's HTML as the built page has it (Astro's compressed output): a line break inside a text
 * (a wrapped line) is one space, white space around blocks goes, and quotes in text become the
 * entities Astro writes for a message's text. So the file can be wrapped and indented freely.
 */
function compact(html: string): string {
  return html
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(BLOCK_TAG, '$1')
    .replace(/>([^<]*)</g, (_all, text: string) => `>${text.replace(/'/g, '&#39;').replace(/"/g, '&quot;')}<`);
}

const parsed = new Map<string, PageContent>();

/** The content of `page` in `locale` (the request's language by default). */
export function pageContent(page: string, locale: Locale = getLocale()): PageContent {
  const key = `/src/content/pages/${page}.${locale}.html`;
  let content = parsed.get(key);
  if (!content) {
    const source = FILES[key];
    if (source === undefined) throw new Error(`No content file ${key}.`);
    content = parsePageContent(source);
    parsed.set(key, content);
  }
  return content;
}

/** The texts of `page` in `locale` (the request's language by default), in the shape `T` its page reads. */
export function pageData<T>(page: string, locale: Locale = getLocale()): T {
  const data = DATA[`/src/content/pages/${page}.${locale}.json`];
  if (data === undefined) throw new Error(`No content file /src/content/pages/${page}.${locale}.json.`);
  return data as T;
}

/** Every content file's page, language and kind. */
export function pageContentFiles(): { page: string; locale: string; kind: string }[] {
  return [...Object.keys(FILES), ...Object.keys(DATA)].map((file) => {
    const [, page = '', locale = '', kind = ''] = /\/([^/]+)\.([^./]+)\.(html|json)$/.exec(file) ?? [];
    return { page, locale, kind };
  });
}
