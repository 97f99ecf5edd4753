/**
 * What a cached page shows, and what a write changes, as tags (decision 30). A write empties only
 * the pages whose tags it names, instead of the whole cache.
 *
 * Tags come from two places:
 * - **Tables, found by themselves.** Every query the database runs is seen here (the driver's
 *   logger, db.server.ts). While a page renders, each table it reads becomes a tag `table:<name>`;
 *   while a write request runs, each table it writes does. A buy/sell message inserts into
 *   `requests`, so it empties the pages that read `requests` (home, /recents) and no category or
 *   listing page. Nothing has to be declared, so a new query cannot be forgotten.
 * - **Finer tags, declared where a table is too coarse.** Listings are on nearly every page, so a
 *   listing read describes itself (`coveredRead`: `listing:12`, `category:homes`, `list:daily`,
 *   `search`, …) instead of `table:listings`, and a listing write names the same kinds of tags
 *   (`coveredWrite`). A write to such a *fine table* that does not describe itself empties
 *   everything, as every write did before: forgetting a tag costs hits, never correctness.
 *
 * Writes outside a request (a job, the Telegram bot's handlers) call {@link pagesChanged}: there is
 * no request to collect their tags, so they are applied at once. One that does not is seen all the
 * same: the pages that read a table it writes are dropped at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { observeQueries } from '#platform/db/query-observers.ts';

/** The tag that empties every page. */
export const EVERY_PAGE = '*';

/** Tables read through a covered read only; a write to one that names no tags empties every page. */
const FINE_TABLES = new Set(['listings', 'listing_images', 'listing_revisions']);

export const tableTag = (table: string) => `table:${table}`;

interface Scope {
  readonly kind: 'render' | 'write';
  /** The tags collected so far, shared by nested scopes. */
  readonly tags: Set<string>;
  /** Tables whose use inside this scope is described by declared tags. */
  readonly covered: ReadonlySet<string>;
  /** In how many ms the page's text changes by itself (a window ends, a deal starts), by the page's clock. */
  changesIn: { at: number };
}

const scopes = new AsyncLocalStorage<Scope>();

/** What a render recorded: the tags of its page and when its text changes by itself. */
export interface RenderRecord {
  tags: Set<string>;
  changesIn: number;
}

/** Runs a page's rendering, recording what it shows. */
export async function recordingRender<T>(render: () => Promise<T>): Promise<{ result: T; record: RenderRecord }> {
  // A rewrite renders its route inside the page's own render: both record into one scope.
  const parent = scopes.getStore();
  const scope: Scope =
    parent?.kind === 'render' ? parent : { kind: 'render', tags: new Set(), covered: new Set(), changesIn: { at: Infinity } };
  const result = await scopes.run(scope, render);
  return { result, record: { tags: scope.tags, changesIn: scope.changesIn.at } };
}

/** Runs a write request, recording what it changes: the tags, or {@link EVERY_PAGE} among them. */
export async function recordingWrite<T>(write: () => Promise<T>, tags: Set<string>): Promise<T> {
  return scopes.run({ kind: 'write', tags, covered: new Set(), changesIn: { at: Infinity } }, write);
}

/**
 * Runs a read of `tables` whose result the page describes with `tags` (and, when it is known, the
 * moment its text changes by itself). Outside a render it only runs.
 */
export async function coveredRead<T>(
  tables: readonly string[],
  run: () => Promise<T>,
  describe: (result: T) => PageDescription,
): Promise<T> {
  const scope = scopes.getStore();
  if (!scope || scope.kind !== 'render') return run();
  const result = await scopes.run({ ...scope, covered: new Set([...scope.covered, ...tables]) }, run);
  const description = describe(result);
  for (const tag of description.tags) scope.tags.add(tag);
  if (description.changesIn !== undefined && description.changesIn < scope.changesIn.at) scope.changesIn.at = description.changesIn;
  return result;
}

export interface PageDescription {
  tags: Iterable<string>;
  changesIn?: number;
}

/**
 * Runs a write of `tables` that changes the pages tagged `tags` (worked out from its result, e.g.
 * the listing before and after). Inside a write request the tags join the request's; elsewhere
 * (a job, the bot) they are applied at once, with what the write did to other tables. A write that
 * throws names nothing here: the request's failure empties every page anyway.
 */
export async function coveredWrite<T>(
  tables: readonly string[],
  run: () => Promise<T>,
  changes: (result: T) => Iterable<string> | Promise<Iterable<string>>,
): Promise<T> {
  const scope = scopes.getStore();
  const inner: Scope = scope
    ? { ...scope, kind: 'write', covered: new Set([...scope.covered, ...tables]) }
    : { kind: 'write', tags: new Set(), covered: new Set(tables), changesIn: { at: Infinity } };
  const result = await scopes.run(inner, run);
  const named = [...(await changes(result))];
  if (scope) pagesChanged(...named);
  else invalidateNow?.([...named, ...inner.tags]);
  return result;
}

type Invalidate = (tags: readonly string[]) => void;
let invalidateNow: Invalidate | undefined;

/** The page cache's invalidation, for changes made outside a request (set once the cache exists). */
export function onPagesChanged(invalidate: Invalidate): void {
  invalidateNow = invalidate;
}

/** Pages tagged `tags` changed: inside a write request, when the request succeeds; elsewhere now. */
export function pagesChanged(...tags: string[]): void {
  if (tags.length === 0) return;
  const scope = scopes.getStore();
  if (scope?.kind === 'write') for (const tag of tags) scope.tags.add(tag);
  else invalidateNow?.(tags);
}

/** Tables a page of this process read while rendering: a write elsewhere to any other changes no page. */
const readByPages = new Set<string>();
/** Tables written outside any request or covered write since the last turn of the event loop. */
let writtenOutside: Set<string> | undefined;
const MAY_WRITE = /^\s*(?:insert|update|delete|with)\b/i;

/**
 * A statement outside any request (a job, the bot, a view counted on a cached page): the pages that
 * read a table it writes are dropped at once (with the other statements of the same turn), in
 * every process, as a request's write would drop them. The cache's lifetime is only a bound. The
 * fine tables are never read as tables (coveredRead): their writers name the pages themselves.
 */
function observeOutside(query: string): void {
  if (!invalidateNow || !MAY_WRITE.test(query)) return;
  for (const table of tablesOf(query).writes) {
    // A table no page read changes no page: the job queue, and the fine tables (read only through
    // coveredRead; their writers name their pages themselves with coveredWrite or pagesChanged).
    if (!readByPages.has(table)) continue;
    if (!writtenOutside) {
      writtenOutside = new Set();
      setImmediate(() => {
        const tables = writtenOutside!;
        writtenOutside = undefined;
        invalidateNow?.([...tables].map(tableTag));
      });
    }
    writtenOutside.add(table);
  }
}

/** Seen for every query the database runs (db.server.ts): its tables become tags of the current render or write. */
export function observeQuery(query: string): void {
  const scope = scopes.getStore();
  if (!scope) return observeOutside(query);
  const { reads, writes } = tablesOf(query);
  if (scope.kind === 'render') {
    for (const table of reads)
      if (!scope.covered.has(table)) {
        scope.tags.add(tableTag(table));
        readByPages.add(table);
      }
    return;
  }
  for (const table of writes) {
    if (scope.covered.has(table)) continue;
    scope.tags.add(FINE_TABLES.has(table) ? EVERY_PAGE : tableTag(table));
  }
}

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]\w*)"?/gi;
const READ = /(?<!\bdelete\s+)\b(?:from|join)\s+"?([a-z_]\w*)"?/gi;

/**
 * The tables a statement reads and writes, as drizzle writes SQL (`"listings"`) or as hand-written
 * SQL does. A superset is harmless (a CTE's name, a function after FROM): no page reads such a tag.
 * `select … for update` and `on conflict do update set` write nothing by their `update`.
 */
export function tablesOf(query: string): TablesOf {
  let tables = tablesByQuery.get(query);
  if (!tables) {
    tables = readTablesOf(query);
    // A statement's text is a few hundred distinct strings in a process: the bound only guards against a
    // generator of texts (an id list's length varies the text).
    if (tablesByQuery.size >= TABLES_MEMO_LIMIT) tablesByQuery.clear();
    tablesByQuery.set(query, tables);
  }
  return tables;
}

interface TablesOf {
  readonly reads: ReadonlySet<string>;
  readonly writes: ReadonlySet<string>;
}

/** Each statement's tables, worked out once per text (two regular expressions over every statement of every page were 1.5 % of a miss). */
const tablesByQuery = new Map<string, TablesOf>();
const TABLES_MEMO_LIMIT = 2_000;

function readTablesOf(query: string): TablesOf {
  const text = query.replace(/\bfor\s+(?:no\s+key\s+)?update\b/gi, ' ').replace(/\bdo\s+update\s+set\b/gi, ' ');
  const names = (pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]!.toLowerCase()));
  return { reads: names(READ), writes: names(WRITE) };
}

observeQueries(observeQuery);
