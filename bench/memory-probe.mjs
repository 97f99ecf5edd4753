/**
 * What holds a running server's memory, for deploy/README.md's "Memory and sizing": preload it
 * (`NODE_OPTIONS=--import=./bench/memory-probe.mjs npm start`), then `kill -USR2 <pid>` prints one
 * JSON line to stdout (and every MEMORY_PROBE_EVERY_MS milliseconds when set): resident set size, V8's heap, external and array-buffer bytes, every
 * WebAssembly memory (PGlite's Postgres heap is one; a WASM heap never shrinks) and libvips's cache.
 * The peak RSS is the kernel's (VmHWM in /proc/<pid>/status). Nothing here changes what the server does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

const MB = 1024 * 1024;
const memories = [];
const Memory = WebAssembly.Memory;
// Every WebAssembly.Memory the process creates is remembered (weakly: a dropped one, such as
// initdb's on a first start, is still collected) to read its size; instanceof still holds.
WebAssembly.Memory = new Proxy(Memory, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

function kernel(field) {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
}

function libvips() {
  try {
    const sharp = createRequire(path.join(process.cwd(), 'package.json'))('sharp');
    const { memory, files, items } = sharp.cache();
    return { cacheMb: mb(memory.current * MB), cacheHighMb: mb(memory.high * MB), files: files.current, items: items.current };
  } catch {
    return undefined;
  }
}

export function snapshot() {
  const m = process.memoryUsage();
  return {
    rssMb: mb(m.rss),
    peakRssMb: mb(kernel('VmHWM') ?? 0),
    heapUsedMb: mb(m.heapUsed),
    heapTotalMb: mb(m.heapTotal),
    externalMb: mb(m.external),
    arrayBuffersMb: mb(m.arrayBuffers),
    heapSpacesMb: Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name.replace(/_space$/, ''), mb(space.space_size)]),
    ),
    wasmMb: memories.flatMap((ref) => {
      const memory = ref.deref();
      return memory ? [mb(memory.buffer.byteLength)] : [];
    }),
    libvips: libvips(),
  };
}

const print = () => console.log(`[memory] ${JSON.stringify(snapshot())}`);
process.on('SIGUSR2', print);
// MEMORY_PROBE_EVERY_MS=1000: a line every second too (what a start costs, moment by moment).
const every = Number(process.env.MEMORY_PROBE_EVERY_MS);
if (every > 0) setInterval(print, every).unref();
