/**
 * The process's metrics (issue 32), in Prometheus's text format at /metrics (scripts/start.mjs,
 * metrics-endpoint.server.ts). Platform and features alike report through `counter`, `gauge` and
 * `histogram` here, by name: the first call makes the metric, later ones get it again. One registry
 * for the process, shared through `globalThis` because start.mjs and the built bundle each load this
 * module; prom-client's default metrics (event-loop lag, memory, GC) come with it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter, Gauge, Histogram, Registry } from 'prom-client';

const KEY = Symbol.for('sefer.metrics');
const shared = globalThis as { [KEY]?: Registry };

/** The process's registry, made (with the default metrics) on first use. */
export function metricsRegistry(): Registry {
  let registry = shared[KEY];
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    shared[KEY] = registry;
  }
  return registry;
}

interface Options<L extends string> {
  help: string;
  labelNames?: readonly L[];
}

function existing<T>(name: string): T | undefined {
  return metricsRegistry().getSingleMetric(name) as T | undefined;
}

/** A count that only goes up (`sefer_telegram_sends_total`). */
export function counter<L extends string = string>(name: string, options: Options<L>): Counter<L> {
  return existing<Counter<L>>(name) ?? new Counter({ name, ...options, registers: [metricsRegistry()] });
}

/**
 * A value that goes up and down; `collect` (called at each scrape, may be async) sets it from
 * whatever holds the truth (a pool's counts, a cheap query).
 */
export function gauge<L extends string = string>(
  name: string,
  options: Options<L> & { collect?: (this: Gauge<L>) => void | Promise<void> },
): Gauge<L> {
  return existing<Gauge<L>>(name) ?? new Gauge({ name, ...options, registers: [metricsRegistry()] });
}

/** How long things take, in buckets (seconds). */
export function histogram<L extends string = string>(name: string, options: Options<L> & { buckets?: number[] }): Histogram<L> {
  return existing<Histogram<L>>(name) ?? new Histogram({ name, ...options, registers: [metricsRegistry()] });
}

/** The text a Prometheus scrape reads. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const registry = metricsRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
