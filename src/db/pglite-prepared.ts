/**
 * PGlite with prepared statements. PGlite's `query()` sends each statement as six protocol
 * messages, each a separate trip into the WebAssembly Postgres (parse, describe the statement, bind,
 * describe the portal, execute, sync), and Postgres parses and plans the text every time. For a
 * category page's list that was 1.7 ms of a 0.2 ms query (issue 31). Here each distinct SQL text is
 * parsed once into a named statement; every later run is one trip of bind, execute and sync, and
 * Postgres reuses its plan (a generic one only where it costs no more than a custom plan: Postgres's
 * own `plan_cache_mode = auto`). A statement marked for a custom plan (custom-plan.ts) is not kept:
 * it is parsed as the unnamed statement with its parameter types, bound, described and run in one
 * trip, and Postgres plans it for its values (a search on 1,000 deals: 0.6 ms less).
 *
 * The answer is the one `query()` gives (with PGlite's parsers and serializers); a statement that fails
 * fails as it would through `query()`. Only queries outside a transaction take this path (drizzle
 * runs a transaction's queries on PGlite's transaction object); at most `MAX_STATEMENTS` are kept,
 * the least recently used closed first (a listing query's text varies with the length of an id list).
 */
import { protocol, type PGlite } from '@electric-sql/pglite';
import { wantsCustomPlan } from './custom-plan.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Results = Awaited<ReturnType<PGlite['query']>>;

/** Statements kept per database (each holds its plan in PGlite's memory: a few KB). */
export const MAX_STATEMENTS = 300;

interface Statement {
  name: string;
  /** The parameter types Postgres inferred, to serialize values as `query()` does. */
  parameterTypes: number[];
  /** The columns of a statement that returns rows (a bind and execute sends none). */
  rowDescription: BackendMessage | null;
}

/** Options `query()` takes that this path honours; anything else goes through PGlite itself. */
const HANDLED_OPTIONS = new Set(['rowMode', 'parsers', 'serializers']);

/** A view of `client` whose `query()` runs prepared statements; everything else is the client's. */
export function withPreparedStatements(client: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  /** The parameter types of each statement planned each time (never named, never kept by Postgres). */
  const parameterTypesOf = new Map<string, number[]>();
  let counter = 0;
  // Internal but stable: the two locks PGlite's own `query()` takes (base.ts).
  const exclusive = client as unknown as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `sefer_${++counter}`;
    const { messages } = await client.execProtocol(
      concat(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { onNotice: options?.onNotice },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement: Statement = {
      name,
      parameterTypes: description?.dataTypeIDs ?? [],
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    while (statements.size > MAX_STATEMENTS) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      await close(old);
    }
    return statement;
  }

  function serialized(types: number[], params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i]!;
      const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
      return serialize ? (serialize(param) as string) : String(param);
    });
  }

  async function run(statement: Statement, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const values = serialized(statement.parameterTypes, params, options);
    const { messages } = await client.execProtocol(
      concat(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()),
    );
    return answerOf(statement, messages, options);
  }

  /**
   * The answer `query()` gives (PGlite's parse.ts), from the statement's kept columns: each column's
   * parser looked up once, not a merged copy of every parser for each query.
   */
  function answerOf(statement: Statement, messages: BackendMessage[], options: QueryOptions | undefined): Results {
    const fields = (statement.rowDescription as { fields?: { name: string; dataTypeID: number }[] } | null)?.fields ?? [];
    const parsers = fields.map((field) => options?.parsers?.[field.dataTypeID] ?? client.parsers[field.dataTypeID]);
    const asArrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        const parsed = values.map((value, i) => {
          if (value === null) return null;
          const parser = parsers[i];
          return parser ? parser(value, fields[i]!.dataTypeID) : value;
        });
        rows.push(asArrays ? parsed : Object.fromEntries(fields.map((field, i) => [field.name, parsed[i]])));
      } else if (message.name === 'commandComplete') {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": a tag that carries a count ends in it.
        const parts = (message as unknown as { text: string }).text.split(' ');
        command = parts[0];
        const count = Number.parseInt(parts.at(-1)!, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += count;
      }
    }
    const fieldList = fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    return (command === undefined
      ? { rows, fields: fieldList, affectedRows }
      : { rows, fields: fieldList, command, affectedRows, ...(rowCount === undefined ? {} : { rowCount }) }) as unknown as Results;
  }

  async function query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    if (options && Object.keys(options).some((key) => !HANDLED_OPTIONS.has(key))) return client.query(text, params, options);
    const custom = wantsCustomPlan(text);
    return exclusive._runExclusiveTransaction(() =>
      exclusive._runExclusiveQuery(async () => {
        try {
          return await (custom ? runPlannedEachTime(text, params, options) : runKept(text, params, options));
        } catch (error) {
          throw withQuery(error, text, params);
        }
      }),
    );
  }

  async function runKept(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    try {
      return await run(statement, params, options);
    } catch (error) {
      // A table changed under a kept statement (a migration, a test's DDL): prepare it again, once.
      if ((error as { code?: string }).code !== '0A000') throw error;
      statements.delete(text);
      await close(statement);
      return run(await prepare(text, options), params, options);
    }
  }

  /**
   * A statement planned for its values each time (custom-plan.ts): the unnamed statement, parsed
   * with the parameter types learnt on its first run, bound, described and run in one trip, where
   * PGlite's `query()` takes six. Postgres plans an unnamed statement for the values it is bound to.
   */
  async function runPlannedEachTime(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    let types = parameterTypesOf.get(text);
    if (!types) {
      const { messages } = await client.execProtocol(
        concat(protocol.serialize.parse({ text }), protocol.serialize.describe({ type: 'S' }), protocol.serialize.sync()),
        { onNotice: options?.onNotice },
      );
      const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
      types = description?.dataTypeIDs ?? [];
      parameterTypesOf.set(text, types);
      while (parameterTypesOf.size > MAX_STATEMENTS) parameterTypesOf.delete(parameterTypesOf.keys().next().value!);
    }
    const values = serialized(types, params, options);
    const { messages } = await client.execProtocol(
      concat(
        protocol.serialize.parse({ text, types }),
        protocol.serialize.bind({ values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    const statement: Statement = {
      name: '',
      parameterTypes: types,
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    return answerOf(statement, messages, options);
  }

  async function close(statement: Statement): Promise<void> {
    await client.execProtocol(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()));
  }

  // What is set on the view (a wrapper of its `query`, such as the per-request count) stays on the view.
  const own = new Map<PropertyKey, unknown>([['query', query]]);
  return new Proxy(client, {
    get(target, property) {
      if (own.has(property)) return own.get(property);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, property, value) {
      own.set(property, value);
      return true;
    },
  });
}

/** As PGlite's `query()` reports a failed statement: the error carries its query and parameters. */
function withQuery(error: unknown, query: string, params: unknown[]): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query, params });
  return error;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}
