/**
 * The process's log (issue 32): one JSON line per event on stdout, with its time, level, the
 * request id of the request it belongs to, and an error's stack in `err` (one line, never several).
 * Secrets never reach it: `redact` blanks authorization and cookie headers, passwords, codes and
 * tokens, and `loggablePath` blanks such query values. Readable colours (pino-pretty) when
 * NODE_ENV is not production and stdout is a terminal. scripts/start.mjs and the built bundle share
 * one logger through `globalThis`.
 */
import { format } from 'node:util';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { LOG_LEVELS, type LogLevel } from '#platform/config/observability-env.ts';
import { currentRequest } from './request-context.server.ts';

export type { Logger } from 'pino';

/** What is never written: authorization and cookie headers, passwords, one-time codes, tokens and secrets. */
export const REDACTED_PATHS = [
  'password',
  'token',
  'code',
  'secret',
  'cookie',
  'authorization',
  '*.password',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  // A code under an input (an error's `code`, ECONNREFUSED, stays: it names the failure).
  'body.code',
  'query.code',
  'input.code',
  'form.code',
];

/** Query parameters whose values stay out of the log (sign-in links, one-time codes, unsubscribe signatures…). */
const SECRET_PARAMETER = /token|code|pass|secret|key|sig|otp|auth|session|ticket|hash|email|phone/i;

/** A request's path for the log: its query's secret-looking values replaced by `*`. */
export function loggablePath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && SECRET_PARAMETER.test(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=*` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** The longest a line waits in the buffer. */
const FLUSH_EVERY_MS = 1000;

export interface LogOptions {
  level?: LogLevel;
  /** Where lines go (tests); stdout otherwise. */
  destination?: DestinationStream;
  pretty?: boolean;
}

/** A logger with the app's settings: JSON lines, ISO times, redaction, the current request's id. */
export function createLogger(options: LogOptions = {}): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
    mixin: () => {
      const request = currentRequest();
      return request ? { reqId: request.id } : {};
    },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty) return pino(settings, prettyStream());
  // Written in the background, 8 KB at a time and at least every second: one write per line cost a
  // cached page about a quarter of its CPU time (measured); pino writes what is left at exit.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => stdout.flush(), FLUSH_EVERY_MS).unref();
  return pino(settings, stdout);
}

/**
 * Colours for a person at a terminal (pino-pretty, a development dependency: loaded only when
 * asked for, so production installs go without it). Lines written before it is loaded wait for
 * it, or go out as they are if the process exits first.
 */
function prettyStream(): DestinationStream {
  let pretty: DestinationStream | undefined;
  const waiting: string[] = [];
  const flushRaw = () => void (waiting.length && process.stdout.write(waiting.splice(0).join('')));
  process.once('exit', flushRaw);
  import('pino-pretty').then(({ default: make }) => {
    pretty = make({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid', sync: true });
    for (const line of waiting.splice(0)) pretty.write(line);
  }, flushRaw);
  return { write: (line: string) => void (pretty ? pretty.write(line) : waiting.push(line)) };
}

const KEY = Symbol.for('sefer.log');
const shared = globalThis as { [KEY]?: Logger };

/** LOG_LEVEL as config.server.ts checks it; read here too so that a bad configuration can itself be logged. */
function levelSetting(): LogLevel {
  const level = process.env.LOG_LEVEL?.toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info';
}

const taps = new Set<(line: string) => void>();

/** Under Vitest the process's lines go through here: to the tests that tap them, else to stdout. */
const tappable: DestinationStream = {
  write(line: string) {
    if (taps.size === 0) process.stdout.write(line);
    for (const tap of taps) tap(line);
  },
};

/** Tests: every line the process's logger writes goes to `listener` instead of stdout until the returned function is called. */
export function tapLog(listener: (line: string) => void): () => void {
  taps.add(listener);
  return () => taps.delete(listener);
}

/** The process's logger, made on first use. */
export function log(): Logger {
  return (shared[KEY] ??= createLogger({
    level: levelSetting(),
    // Colours for a person: outside production, at a terminal. Tests (a pipe, Vitest) and journald read JSON.
    pretty: process.env.NODE_ENV !== 'production' && !process.env.VITEST && process.stdout.isTTY === true,
    ...(process.env.VITEST ? { destination: tappable } : {}),
  }));
}

const children = new Map<string, Logger>();

/** The logger of one part of the app: its lines carry `component`. */
export function logger(component: string): Logger {
  let child = children.get(component);
  if (!child) {
    child = log().child({ component });
    children.set(component, child);
  }
  return child;
}

/**
 * What libraries print with `console` (Astro's render errors with their stacks, the adapter's,
 * grammY's) goes through the log too, as one line each, an error's stack in `err`.
 */
export function routeConsoleToLog(): void {
  const printed = logger('console');
  const route =
    (level: 'error' | 'warn' | 'info' | 'debug') =>
    (...args: unknown[]): void => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = err ? args.filter((arg) => arg !== err) : args;
      const message = rest.length ? format(...rest) : (err as Error).message;
      if (err) printed[level]({ err }, message);
      else printed[level](message);
    };
  console.error = route('error');
  console.warn = route('warn');
  console.info = route('info');
  console.log = route('info');
  console.debug = route('debug');
}
