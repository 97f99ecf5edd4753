/**
 * `npm run test:e2e`: the end-to-end suite as up to four Playwright runs, one after the other, so that
 * a failure in one cannot leave the next unrun:
 *   1. `chromium-phone`, the main suite;
 *   2. `chapa`: its journeys start a second server, which must not take the two cores from other
 *      tests' timed steps;
 *   3. `queue`, the admin queue's journeys: their 50 timed decisions fill the server's job queue,
 *      which held the main suite's background checks past their waits;
 *   4. `alone`, the body-limit test: it counts what the server process reads, so nothing else may run.
 * playwright.config.ts orders them with project dependencies for a bare `playwright test`, but a
 * dependency that fails skips its dependents: one failing main test left the Chapa and body-limit
 * tests unrun. Here each run names its project and passes --no-deps.
 *
 * Arguments go to every run (files, --grep, …); a run is left out when they select none of its tests
 * (asked of `playwright test --list`). Arguments that choose the projects or are not a plain run
 * (--project, --list, --ui, --help) give one `playwright test` with them as they are.
 * With SEFER_TEST_REPORTS set (.ci/run), each run also writes its JSON report there as
 * playwright-<project>.json, which scripts/test-summary.mjs counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

/** The projects of playwright.config.ts, in the order they run. */
const STAGES = ['chromium-phone', 'chapa', 'queue', 'alone'];
const PASS_THROUGH = new Set(['--project', '--list', '--ui', '--help', '-h']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const playwright = path.join(root, 'node_modules/@playwright/test/cli.js');

/** Runs `playwright test` with `args` and `env` added; its exit status (1 when a signal ended it). */
function playwrightTest(args, env = {}) {
  const result = spawnSync(process.execPath, [playwright, 'test', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  // Stopped by hand (Ctrl-C, a CI timeout): stop here too, not start the next run.
  if (result.signal === 'SIGINT' || result.signal === 'SIGTERM') process.kill(process.pid, result.signal);
  return result.status ?? 1;
}

/** The projects that have tests selected by `args`; every stage when the list cannot be made. */
function stagesWithTests(args) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sefer-e2e-list-'));
  try {
    const file = path.join(dir, 'list.json');
    const { PLAYWRIGHT_JSON_OUTPUT_NAME: _name, PLAYWRIGHT_JSON_OUTPUT_DIR: _dir, ...env } = process.env;
    const listed = spawnSync(process.execPath, [playwright, 'test', ...args, '--list', '--no-deps', '--reporter=json'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    });
    // A spec that does not load: the runs report it (and count it), so run them all.
    if (listed.status !== 0) return STAGES;
    const projects = new Set();
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests) projects.add(test.projectName);
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites) visit(suite);
    return STAGES.filter((stage) => projects.has(stage));
  } catch {
    return STAGES;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const args = process.argv.slice(2);
  ensureBuild();
  if (args.some((arg) => PASS_THROUGH.has(arg.split('=')[0]))) process.exit(playwrightTest(args));

  // One data folder for every run, as in one run: the later runs' server finds the admin and the
  // listings the main suite left.
  process.env.SEFER_E2E_DATA ??= path.join(os.tmpdir(), `sefer-e2e-${process.pid}-${Date.now()}`);
  const reports = process.env.SEFER_TEST_REPORTS;
  let status = 0;
  for (const stage of stagesWithTests(args)) {
    const env = reports ? { PLAYWRIGHT_JSON_OUTPUT_FILE: path.resolve(reports, `playwright-${stage}.json`) } : {};
    // The project last, then --no-deps: --project takes every word after it until the next option.
    const code = playwrightTest([...args, `--project=${stage}`, '--no-deps'], env);
    if (code !== 0) status = code;
  }
  process.exit(status);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
