/**
 * Lighthouse (the installed package, default mobile preset: Moto G Power emulation, simulated slow
 * 4G and 4x CPU slowdown) with Debian's Chromium through chrome-launcher. Nothing is downloaded:
 * Chromium is the system one, its background networking is off and it resolves no host name but
 * the benchmark's own; the pages load nothing from other origins anyway.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './weight.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  'first-contentful-paint': 'fcpMs',
  'largest-contentful-paint': 'lcpMs',
  'total-blocking-time': 'tbtMs',
  'cumulative-layout-shift': 'cls',
  'speed-index': 'speedIndexMs',
};

/**
 * Issue 17's slow-3G profile (`--throttling.rttMs=400 --throttling.throughputKbps=400
 * --throttling.cpuSlowdownMultiplier=4`), simulated as the default preset is.
 */
export const SLOW_3G = { rttMs: 400, throughputKbps: 400, cpuSlowdownMultiplier: 4 };

/** @param {{ origin: string, pages: Record<string, string>, throttling?: typeof SLOW_3G, log?: (m: string) => void }} o */
export async function runLighthouse({ origin, pages, throttling, log = () => {} }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // No name resolves but the pages' own host: nothing can be fetched from the internet.
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
  });
  const results = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const started = performance.now();
      const run = await lighthouse(origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(throttling ? { throttling } : {}),
      });
      const lhr = run.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([id, key]) => [key, Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000]),
      );
      // What kept a category below 100: failing audits with weight, for the report.
      const failing = {};
      for (const c of CATEGORIES) {
        failing[c] = (lhr.categories[c]?.auditRefs ?? [])
          .filter(
            (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9 && lhr.audits[ref.id]?.scoreDisplayMode !== 'notApplicable',
          )
          .map((ref) => ref.id);
      }
      // Where each failing accessibility audit found its problem (a few elements each), to fix it without rerunning.
      const accessibilityNodes = Object.fromEntries(
        failing.accessibility.map((id) => [
          id,
          (lhr.audits[id]?.details?.items ?? [])
            .map((item) => item.node?.selector)
            .filter(Boolean)
            .slice(0, 5),
        ]),
      );
      results[name] = {
        path,
        scores,
        metrics,
        failing,
        accessibilityNodes,
        runtimeError: lhr.runtimeError?.code ?? null,
        lighthouseVersion: lhr.lighthouseVersion,
      };
      // Lighthouse 13 names the largest paint's element in its LCP breakdown insight.
      const lcpNode = (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find((item) => item.type === 'node');
      results[name].lcpElement = lcpNode ? `${lcpNode.selector} (${lcpNode.nodeLabel ?? ''})`.slice(0, 120) : null;
      log(`[lighthouse] ${name}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (${Math.round(performance.now() - started)} ms)`);
      for (const [id, nodes] of Object.entries(accessibilityNodes))
        log(`[lighthouse]   accessibility fails ${id}: ${nodes.join(' | ') || '(no element listed)'}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** The pages that must score 100 for accessibility (issue 11). */
export const ACCESSIBILITY_PAGES = ['home', 'category', 'detail', 'search', 'home (am)', 'category (am)'];

/** One line per page of ACCESSIBILITY_PAGES below 100 (or not measured), naming its failing audits. */
export function accessibilityShortfalls(results) {
  return ACCESSIBILITY_PAGES.flatMap((name) => {
    const page = results?.[name];
    if (!page) return [`${name}: not measured`];
    if (page.scores.accessibility >= 100) return [];
    const audits = page.failing.accessibility.map((id) => {
      const nodes = page.accessibilityNodes?.[id] ?? [];
      return nodes.length > 0 ? `${id} (${nodes.join(' | ')})` : id;
    });
    return [`${name} ${page.path}: accessibility ${page.scores.accessibility}: ${audits.join(', ') || 'no failing audit listed'}`];
  });
}
