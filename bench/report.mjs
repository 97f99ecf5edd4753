/**
 * Markdown tables from a results file: `node bench/report.mjs bench/results/<date>.json`, or
 * `node bench/report.mjs --compare before.json after.json` for a before/after table.
 */
import { readFile } from 'node:fs/promises';

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (bytes) => (bytes === undefined ? '–' : `${fmt(bytes / 1024, 1)} KB`);
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

export function renderReport(report, file = '') {
  const out = [];
  const m = report.machine;
  out.push(
    `Run of ${report.startedAt} (${file}), commit ${report.commit?.slice(0, 10)}${report.sourcesDirty ? ' + uncommitted changes' : ''}; ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' ')}.`,
  );
  if (report.settings.note) out.push(`Measured: ${report.settings.note}.`);
  out.push(
    `autocannon: ${report.settings.connections} connections, ${report.settings.durationSec} s per page type after ${report.settings.warmupSec} s of warm-up, Accept-Encoding: ${report.settings.acceptEncoding}.`,
  );
  const loadTable = (run, pages, withBaseline) => {
    const staticRps = run.baseline.node?.rps;
    const nginxRps = run.baseline.nginx?.rps;
    // One row of measures: a page type's, or a static baseline's (its name in italics).
    const row = (name, p) => [
      name,
      fmt(p.rps),
      fmt(p.latencyMs.p50, 1),
      fmt(p.latencyMs.p97_5, 1),
      fmt(p.latencyMs.p99, 1),
      fmt(p.non2xx),
      fmt(p.errors + p.timeouts),
      fmt(staticRps ? p.rps / staticRps : null, 2),
      fmt(nginxRps ? p.rps / nginxRps : null, 2),
      fmt(p.loadAvg1m, 1),
    ];
    const rows = Object.entries(pages).map(([name, p]) => row(name, p));
    if (withBaseline) {
      for (const [name, b] of Object.entries({ 'static (node)': run.baseline.node, 'static (nginx)': run.baseline.nginx })) {
        if (b) rows.push(row(`*${name}*`, b));
      }
    }
    return table(['page type', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'non-2xx', 'errors', '× static', '× nginx', 'load avg'], rows);
  };
  for (const run of report.runs) {
    out.push(
      `\n**${fmt(run.n)} listings, ${run.backend}** (seeded in ${fmt(run.seed.totalMs / 1000, 1)} s, ${fmt(run.seed.verified)} verified)\n`,
    );
    if (run.pagesUncached) {
      out.push('Page cache off (PAGE_CACHE_SECONDS=0: every request renders; what signed-in visitors and cache misses cost):\n');
      out.push(loadTable(run, run.pagesUncached, false));
      out.push('\nDefault configuration (pages cached 30 s for visitors who are not signed in), and the static baseline:\n');
    }
    if (run.pagesMissed) {
      out.push('Every request a miss of the running page cache (its own `miss` parameter: rendered, cut, compressed and stored):\n');
      out.push(loadTable(run, run.pagesMissed, false));
      out.push('');
    }
    out.push(loadTable(run, run.pages, true));
    if (run.behindNginx) {
      const answered = Object.entries(run.behindNginx.upstreams)
        .map(([upstream, count]) => `${upstream}: ${fmt(count)}`)
        .join(', ');
      out.push(
        `\nThrough deploy/nginx.conf (HTTPS) in front of ${run.behindNginx.processes} app processes on this database (requests answered: ${answered}):\n`,
      );
      out.push(loadTable(run, run.behindNginx.pages, false));
    }
  }
  for (const [backend, s] of Object.entries(report.summary ?? {})) {
    const [small, large] = [s.sizes[0], s.sizes.at(-1)];
    if (small === large) continue;
    const runSmall = report.runs.find((r) => r.backend === backend && r.n === small);
    const runLarge = report.runs.find((r) => r.backend === backend && r.n === large);
    const passes = [
      ['uncached', 'pagesUncached', 'page cache off'],
      ['default', 'pages', 'default configuration'],
    ].filter(([, key]) => runLarge[key]);
    const names = Object.keys(runLarge.pages);
    out.push(`\n**p50 at ${fmt(large)} ÷ p50 at ${fmt(small)} listings, ${backend}**\n`);
    out.push(
      table(
        ['page type', ...passes.flatMap(([, , label]) => [`${label}: p50 ${fmt(small)}`, `p50 ${fmt(large)}`, 'ratio'])],
        names.map((name) => [
          name,
          ...passes.flatMap(([, key]) => {
            const a = runSmall[key]?.[name]?.latencyMs.p50;
            const b = runLarge[key]?.[name]?.latencyMs.p50;
            return [fmt(a, 1), fmt(b, 1), a && b ? fmt(b / a, 2) : '–'];
          }),
        ]),
      ),
    );
  }
  const weighted = report.runs.filter((r) => r.weight).at(-1);
  if (weighted) {
    out.push(`\n**Page weight, first load at 390 px** (${fmt(weighted.n)} listings, ${weighted.backend}; Chromium, empty cache)\n`);
    out.push(
      table(
        [
          'page type',
          'HTML raw',
          'HTML gzip',
          'HTML sent (br)',
          'CSS',
          'JS',
          'JS requests',
          'first-screen images',
          'requests',
          'total sent',
        ],
        Object.entries(weighted.weight).map(([name, w]) => [
          name,
          kb(w.htmlBytes),
          kb(w.htmlGzipBytes),
          kb(w.htmlTransferBytes),
          `${kb(w.cssBytes)}${w.cssFiles ? ` (${w.cssFiles} files)` : ' inline'}`,
          `${kb(w.jsBytes)}${w.jsInlineBytes ? ` (${kb(w.jsInlineBytes)} inline)` : ''}`,
          fmt(w.jsRequests),
          `${kb(w.firstScreenImageBytes)} (${w.firstScreenImages})`,
          fmt(w.requests),
          kb(w.transferBytes),
        ]),
      ),
    );
    if (weighted.bodyWeight) {
      out.push('');
      out.push(
        table(
          ['response', 'raw', 'gzip'],
          Object.entries(weighted.bodyWeight).map(([name, w]) => [`${name} (${w.path})`, kb(w.bytes), kb(w.gzipBytes)]),
        ),
      );
    }
  }
  const visited = report.runs.find((r) => r.visit);
  if (visited) out.push(`\n${renderVisit(visited)}`);
  const lighthoused = report.runs.find((r) => r.lighthouse);
  if (lighthoused) {
    out.push(
      `\n**Lighthouse ${Object.values(lighthoused.lighthouse)[0]?.lighthouseVersion ?? ''}, mobile preset** (${fmt(lighthoused.n)} listings, ${lighthoused.backend})\n`,
    );
    out.push(
      table(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'below 90'],
        Object.entries(lighthoused.lighthouse).map(([name, l]) => [
          name,
          fmt(l.scores.performance),
          fmt(l.scores.accessibility),
          fmt(l.scores['best-practices']),
          fmt(l.scores.seo),
          `${fmt(l.metrics.fcpMs / 1000, 1)} s`,
          `${fmt(l.metrics.lcpMs / 1000, 1)} s`,
          `${fmt(l.metrics.tbtMs)} ms`,
          fmt(l.metrics.cls, 3),
          Object.values(l.failing).flat().join(', ') || '–',
        ]),
      ),
    );
  }
  const slow = report.runs.find((r) => r.lighthouseSlow3g);
  if (slow) {
    out.push(`\n**Lighthouse on slow 3G** (400 ms RTT, 400 kbit/s, 4× CPU, simulated; ${fmt(slow.n)} listings, ${slow.backend})\n`);
    out.push(
      table(
        ['page', 'performance', 'accessibility', 'FCP', 'LCP', 'largest paint'],
        Object.entries(slow.lighthouseSlow3g).map(([name, l]) => [
          name,
          fmt(l.scores.performance),
          fmt(l.scores.accessibility),
          `${fmt(l.metrics.fcpMs / 1000, 2)} s`,
          `${fmt(l.metrics.lcpMs / 1000, 2)} s`,
          l.lcpElement ? `\`${l.lcpElement}\`` : '–',
        ]),
      ),
    );
  }
  const lite = report.runs.find((r) => r.lite);
  if (lite) {
    out.push(
      `\n**Lite mode: first visits** (home, a category of 24 cards and its first deal; fresh browser, every byte on the wire both ways; ${fmt(lite.n)} listings, ${lite.backend})\n`,
    );
    out.push(
      table(
        ['page', 'lite (Save-Data: on)', 'requests', 'product photos', 'normal', 'requests', 'product photos', 'lighter'],
        Object.entries(lite.lite).map(([name, { lite: l, normal: n }]) => [
          name,
          kb(l.totalBytes),
          fmt(l.requests),
          fmt(l.productImages),
          kb(n.totalBytes),
          fmt(n.requests),
          fmt(n.productImages),
          n.totalBytes > 0 ? `${Math.round((1 - l.totalBytes / n.totalBytes) * 100)} %` : '–',
        ]),
      ),
    );
  }
  const offline = report.runs.find((r) => r.offline);
  if (offline) {
    const o = offline.offline;
    out.push(
      `\n**The offline worker** (${o.worker.rawBytes} B raw, ${kb(o.worker.served.bytes)} sent ${o.worker.served.encoding}; five pages: ${o.paths.join(' → ')}; every byte on the wire)\n`,
    );
    const labels = { httpCacheKept: 'browser cache kept', httpCacheEmptied: 'browser cache emptied, worker kept' };
    out.push(
      table(
        ['returning visitor', 'first visit without', 'first visit with', 'returning without', 'returning with', 'saved'],
        Object.entries(o.returning).map(([name, r]) => [
          labels[name] ?? name,
          kb(r.withoutWorker.first.bytes),
          kb(r.withWorker.first.bytes),
          kb(r.withoutWorker.returning.bytes),
          kb(r.withWorker.returning.bytes),
          kb(r.savedBytes),
        ]),
      ),
    );
  }
  return out.join('\n');
}

const MODES = { always: 'CSS inline', never: 'stylesheet file' };

/** The five-page slow-3G visit: per variant and round, LCP per page, summed, and bytes. */
function renderVisit(run) {
  const v = run.visit;
  const out = [
    `**Five pages on ${v.profile}** (${fmt(run.n)} listings, ${run.backend}; one Chromium tab, cache kept; ${v.paths.join(' → ')}; the checkout builds with \`inlineStylesheets: '${v.current}'\`)\n`,
  ];
  const rows = [];
  for (const [mode, variant] of Object.entries(v.variants)) {
    for (const visit of variant.visits) {
      rows.push([
        `${MODES[mode] ?? mode}, ${visit.round === 1 ? 'first visit' : 'returning'}`,
        ...visit.pages.map((p) => `${fmt(p.lcpMs)} ms · ${kb(p.bytes)}`),
        `${fmt(visit.lcpMsTotal)} ms`,
        kb(visit.bytesTotal),
        fmt(visit.requestsTotal),
      ]);
    }
  }
  out.push(table(['build, visit', 'home', 'category', 'detail', 'search', 'category 2', 'LCP summed', 'bytes', 'requests'], rows));
  const spread = Object.entries(v.variants)
    .filter(([, variant]) => variant.firstVisitLcpMsTotals)
    .map(([mode, variant]) => `${MODES[mode] ?? mode} ${variant.firstVisitLcpMsTotals.map((ms) => fmt(ms)).join(', ')} ms`);
  if (spread.length > 0) out.push(`\nThe repeat with the median first-visit LCP sum is shown; every repeat's: ${spread.join('; ')}.`);
  const checked = Object.entries(v.variants).filter(([, variant]) => variant.lighthouse);
  for (const [mode, variant] of checked) {
    out.push(
      `\nLighthouse, ${MODES[mode] ?? mode}: ${Object.entries(variant.lighthouse)
        .map(([name, l]) => `${name} ${l.scores.performance}/${l.scores.accessibility} (LCP ${fmt(l.metrics.lcpMs / 1000, 1)} s)`)
        .join(', ')} (performance/accessibility).`,
    );
  }
  return out.join('\n');
}

/** Before/after: req/s, p50 and p99 of each page type, for every size both runs have. */
export function renderComparison(before, after) {
  const rows = [];
  const hasUncached = after.runs.some((r) => r.pagesUncached);
  for (const a of after.runs) {
    const b = before.runs.find((r) => r.n === a.n && r.backend === a.backend);
    if (!b) continue;
    for (const [name, p] of Object.entries(a.pages)) {
      const q = b.pages[name];
      const u = a.pagesUncached?.[name];
      rows.push([
        `${name}, ${fmt(a.n)}${a.backend === 'pglite' ? '' : ` (${a.backend})`}`,
        q ? fmt(q.rps) : '–',
        ...(hasUncached ? [u ? fmt(u.rps) : '–'] : []),
        fmt(p.rps),
        q ? fmt(q.latencyMs.p50, 1) : '–',
        ...(hasUncached ? [u ? fmt(u.latencyMs.p50, 1) : '–'] : []),
        fmt(p.latencyMs.p50, 1),
        q ? fmt(q.latencyMs.p99, 1) : '–',
        ...(hasUncached ? [u ? fmt(u.latencyMs.p99, 1) : '–'] : []),
        fmt(p.latencyMs.p99, 1),
      ]);
    }
  }
  const cols = (what) => [`${what} before`, ...(hasUncached ? [`${what} after, cache off`] : []), `${what} after`];
  return table(['page type, listings', ...cols('req/s'), ...cols('p50 ms'), ...cols('p99 ms')], rows);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const args = process.argv.slice(2);
  if (args[0] === '--compare') {
    const [before, after] = await Promise.all(args.slice(1, 3).map(async (f) => JSON.parse(await readFile(f, 'utf8'))));
    console.log(renderComparison(before, after));
  } else {
    for (const f of args) console.log(renderReport(JSON.parse(await readFile(f, 'utf8')), f), '\n');
  }
}
