/**
 * CI's closing lines (.ci/run), counted from the runners' JSON reports rather than scraped from their
 * text: Vitest's (`--reporter=json --outputFile.json=…/vitest.json`) and one Playwright report per run
 * of scripts/e2e.mjs (`playwright-<project>.json`).
 *
 *   node scripts/test-summary.mjs <reports folder> [typecheck=<exit status>] [unit=<…>] [e2e=<…>]
 *
 * Prints, for each runner, passed, failed, flaky (passed on retry), skipped and not run, names what
 * did not pass, and ends with the one line CI's harness reads, "N passed, N failed, N skipped":
 * flaky tests count as passed there, and tests that did not run (a file that did not load, a hook
 * that failed before them, a run that stopped) count as failed, so the line and the exit status
 * agree. A step that exited non-zero with nothing failed in its report counts as one failure too.
 * Exits 1 when anything failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{
 *   passed: number, failed: number, flaky: number, skipped: number, notRun: number,
 *   failedNames: string[], flakyNames: string[], notRunNames: string[],
 * }} Counts
 */

/** @returns {Counts} */
export function emptyCounts() {
  return { passed: 0, failed: 0, flaky: 0, skipped: 0, notRun: 0, failedNames: [], flakyNames: [], notRunNames: [] };
}

/** @param {Counts} into @param {Counts} more */
function addInto(into, more) {
  for (const key of /** @type {const} */ (['passed', 'failed', 'flaky', 'skipped', 'notRun'])) into[key] += more[key];
  into.failedNames.push(...more.failedNames);
  into.flakyNames.push(...more.flakyNames);
  into.notRunNames.push(...more.notRunNames);
}

/** The first line of an error message, for a name list. */
function firstLine(text) {
  const [line] = String(text ?? '')
    .trim()
    .split('\n');
  return line || 'no message';
}

/**
 * A Vitest JSON report. Vitest's own totals hide two things: a file that failed to load has no tests
 * in the report at all, and the tests of a file whose beforeAll threw are marked "skipped". A test
 * that passed with failure messages passed on a retry: flaky.
 * @param {any} report @param {string} [cwd]
 * @returns {Counts}
 */
export function countVitest(report, cwd = process.cwd()) {
  const counts = emptyCounts();
  for (const file of report.testResults ?? []) {
    const name = path.relative(cwd, file.name);
    const tests = file.assertionResults ?? [];
    // An error of the file's own (its import, a hook), not of one of its tests.
    const fileError = file.status === 'failed' && (Boolean(file.message) || !tests.some((t) => t.status === 'failed'));
    let missed = 0;
    for (const test of tests) {
      const title = `${name} > ${test.fullName}`;
      if (test.status === 'passed' && test.failureMessages?.length) {
        counts.flaky++;
        counts.flakyNames.push(title);
      } else if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') {
        counts.failed++;
        counts.failedNames.push(title);
      } else if (test.status === 'pending' || ((test.status === 'skipped' || test.status === 'todo') && fileError)) {
        // Still "pending" when its file stopped (a worker crashed); "skipped" after a failed hook.
        counts.notRun++;
        counts.notRunNames.push(title);
        missed++;
      } else counts.skipped++;
    }
    if (fileError && tests.length === 0) {
      counts.notRun++;
      counts.notRunNames.push(`${name} (did not load: ${firstLine(file.message)})`);
    } else if (fileError && missed === 0) {
      counts.failed++;
      counts.failedNames.push(`${name} (${firstLine(file.message)})`);
    }
  }
  return counts;
}

/**
 * A Playwright JSON report. "skipped" there also covers tests that never ran: those whose project's
 * dependency failed (no result), and those stopped by the end of the run ("interrupted"). A spec that
 * does not load, or a failed global setup, is in the report's errors with no test at all.
 * @param {any} report
 * @returns {Counts}
 */
export function countPlaywright(report) {
  const counts = emptyCounts();
  /** @param {any} suite @param {string[]} titles */
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const title = `[${test.projectName}] ${[...titles, spec.title].join(' › ')}`;
        const results = test.results ?? [];
        if (test.status === 'expected') counts.passed++;
        else if (test.status === 'flaky') {
          counts.flaky++;
          counts.flakyNames.push(title);
        } else if (test.status === 'unexpected') {
          counts.failed++;
          counts.failedNames.push(title);
        } else if (results.length === 0 || test.expectedStatus !== 'skipped' || results.some((r) => r.status === 'interrupted')) {
          counts.notRun++;
          counts.notRunNames.push(title);
        } else counts.skipped++;
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) visit(file, [file.title]);
  for (const error of report.errors ?? []) {
    counts.failed++;
    counts.failedNames.push(`run error: ${firstLine(error.message)}`);
  }
  return counts;
}

/** The Playwright projects scripts/e2e.mjs runs, each writing playwright-<project>.json. */
const PLAYWRIGHT_RUNS = ['chromium-phone', 'chapa', 'queue', 'alone'];

/**
 * The counts of every report in `dir`, by runner, with one failure for a step whose exit status says
 * it failed while its report shows nothing failed (or there is no report).
 * @param {string} dir @param {Record<string, number>} steps exit status by step: typecheck, unit, e2e
 */
export function countReports(dir, steps = {}) {
  /** Adds what `file` counts to `counts`; a report that cannot be read is one failure. */
  const add = (counts, file, count) => {
    try {
      addInto(counts, count(JSON.parse(readFileSync(file, 'utf8'))));
    } catch (error) {
      counts.failed++;
      counts.failedNames.push(`unreadable report ${file}: ${firstLine(error instanceof Error ? error.message : error)}`);
    }
  };
  const unit = emptyCounts();
  const vitest = path.join(dir, 'vitest.json');
  if (existsSync(vitest)) add(unit, vitest, countVitest);
  else if ('unit' in steps) {
    unit.notRun++;
    unit.notRunNames.push('no Vitest report (vitest.json)');
  }
  const e2e = emptyCounts();
  const runs = PLAYWRIGHT_RUNS.map((p) => path.join(dir, `playwright-${p}.json`)).filter((f) => existsSync(f));
  for (const file of runs) add(e2e, file, countPlaywright);
  if (runs.length === 0 && 'e2e' in steps) {
    e2e.notRun++;
    e2e.notRunNames.push('no Playwright report (playwright-<project>.json)');
  }
  const other = emptyCounts();
  for (const [step, counts] of /** @type {const} */ ([
    ['typecheck', other],
    ['unit', unit],
    ['e2e', e2e],
  ])) {
    const status = steps[step];
    if (status !== undefined && status !== 0 && counts.failed + counts.notRun === 0) {
      counts.failed++;
      counts.failedNames.push(`${step} exited with status ${status}; see its output above`);
    }
  }
  return { unit, e2e, other };
}

const MAX_NAMES = 25;

/** @param {string[]} names */
function nameList(names) {
  const shown = names.slice(0, MAX_NAMES).map((n) => `  - ${n}`);
  if (names.length > MAX_NAMES) shown.push(`  … and ${names.length - MAX_NAMES} more`);
  return shown;
}

/**
 * The lines CI prints. Only the last has the shape "N passed, N failed", which CI's harness reads;
 * the others put the word before the number so that they never match it.
 * @param {{ unit: Counts, e2e: Counts, other: Counts }} runners
 */
export function summaryLines({ unit, e2e, other }) {
  const all = emptyCounts();
  for (const counts of [unit, e2e, other]) addInto(all, counts);
  /** @param {string} label @param {Counts} c */
  const detail = (label, c) =>
    `${label}: passed ${c.passed}, failed ${c.failed}, flaky ${c.flaky}, skipped ${c.skipped}, not run ${c.notRun}`;
  return [
    detail('unit and data-layer tests (Vitest)', unit),
    detail('end-to-end tests (Playwright)', e2e),
    ...(other.failed ? ['type check: failed'] : []),
    `flaky (passed on retry, counted as passed): ${all.flaky}`,
    ...nameList(all.flakyNames),
    ...(all.failed ? [`failed: ${all.failed}`, ...nameList(all.failedNames)] : []),
    ...(all.notRun ? [`not run (counted as failed): ${all.notRun}`, ...nameList(all.notRunNames)] : []),
    `${all.passed + all.flaky} passed, ${all.failed + all.notRun} failed, ${all.skipped} skipped`,
  ];
}

function main() {
  const [dir, ...stepArgs] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node scripts/test-summary.mjs <reports folder> [step=<exit status>]…');
    process.exit(2);
  }
  const steps = Object.fromEntries(stepArgs.map((arg) => arg.split('=')).map(([step, status]) => [step, Number(status)]));
  const runners = countReports(dir, steps);
  for (const line of summaryLines(runners)) console.log(line);
  const failed = [runners.unit, runners.e2e, runners.other].some((c) => c.failed + c.notRun > 0);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
