import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkQuiet, createQuietCollector, memoryReducingCollection, type QuietState } from './quiet-collector.server.ts';

describe('checkQuiet', () => {
  const quietMs = 10_000;
  const start: QuietState = { seen: 0, since: 0, dirty: false };

  it('never collects a process nobody has asked anything since its last collection', () => {
    expect(checkQuiet(start, 0, 60_000, quietMs).collect).toBe(false);
  });

  it('collects once the requests have stopped for the quiet spell, and only once', () => {
    let { state } = checkQuiet(start, 5, 1_000, quietMs);
    expect(state).toEqual({ seen: 5, since: 1_000, dirty: true });
    expect(checkQuiet(state, 5, 10_999, quietMs).collect).toBe(false);
    const quiet = checkQuiet(state, 5, 11_000, quietMs);
    expect(quiet.collect).toBe(true);
    state = quiet.state;
    expect(checkQuiet(state, 5, 30_000, quietMs).collect).toBe(false);
  });

  it('waits again from the last request while requests keep coming', () => {
    let { state } = checkQuiet(start, 1, 0, quietMs);
    ({ state } = checkQuiet(state, 2, 9_000, quietMs));
    expect(checkQuiet(state, 2, 12_000, quietMs).collect).toBe(false);
    expect(checkQuiet(state, 2, 19_000, quietMs).collect).toBe(true);
  });
});

describe('createQuietCollector', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects after a quiet spell that followed requests, and tells what it freed', () => {
    vi.useFakeTimers();
    let now = 0;
    const collect = vi.fn();
    const collected = vi.fn();
    const rss = vi
      .fn()
      .mockReturnValueOnce(300 * 1024 * 1024)
      .mockReturnValueOnce(200 * 1024 * 1024);
    const quiet = createQuietCollector({ quietMs: 10_000, checkEveryMs: 1_000, collect, collected, now: () => now, rss });
    quiet.start();
    quiet.request();
    quiet.request();
    for (let second = 1; second <= 30; second++) {
      now = second * 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collected).toHaveBeenCalledWith(expect.objectContaining({ rssBeforeMb: 300, rssAfterMb: 200, reason: 'quiet for 10 s' }));
    quiet.stop();
  });

  it('does not collect while requests keep coming, however long', () => {
    vi.useFakeTimers();
    let now = 0;
    const collect = vi.fn();
    const quiet = createQuietCollector({ quietMs: 10_000, checkEveryMs: 1_000, collect, now: () => now });
    quiet.start();
    for (let second = 1; second <= 60; second++) {
      quiet.request();
      now = second * 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    quiet.stop();
  });
});

describe('memoryReducingCollection', () => {
  it('frees what nothing references, without exposing gc() to the app', async () => {
    const collect = memoryReducingCollection();
    expect('gc' in globalThis).toBe(false);
    const holder: { garbage?: object } = { garbage: { big: new Array(1000).fill('x') } };
    const ref = new WeakRef(holder.garbage as object);
    delete holder.garbage;
    // A weak reference keeps its target until the job that made it (or read it) has ended.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ref.deref()).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(ref.deref()).toBeUndefined();
  });
});
