/**
 * CI's closing line (scripts/test-summary.mjs, read by .ci/run): counted from the runners' JSON
 * reports. The fixtures have the shapes Vitest 5's and Playwright's JSON reporters write (taken from
 * real runs of a failing, a flaky, a skipped and an unloadable test), trimmed to the fields read.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPlaywright, countReports, countVitest, summaryLines } from '../../scripts/test-summary.mjs';

/** What CI's harness reads: one such line alone, optionally after one word and a colon. */
const HARNESS_LINE = /^(\w+: )?(\d+) passed, (\d+) failed(, (\d+) skipped)?$/;

const test = (fullName: string, status: string, failureMessages: string[] = []) => ({ fullName, status, failureMessages });

const vitestReport = {
  testResults: [
    {
      name: '/repo/tests/unit/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        test('passes', 'passed'),
        test('fails', 'failed', ['Error: boom']),
        // Passed on its retry: the first attempt's error stays in failureMessages.
        test('flaky', 'passed', ['Error: first attempt']),
        test('skipped', 'skipped'),
        test('todo', 'todo'),
      ],
    },
    // An import that threw: the file has no tests in the report.
    { name: '/repo/tests/unit/broken.test.ts', status: 'failed', message: 'cannot load', assertionResults: [] },
    // A beforeAll that threw: its tests are reported "skipped", but they never ran.
    {
      name: '/repo/tests/db/setup.test.ts',
      status: 'failed',
      message: 'setup broke',
      assertionResults: [test('one', 'skipped'), test('two', 'skipped')],
    },
    // An afterAll that threw after its test passed.
    { name: '/repo/tests/unit/teardown.test.ts', status: 'failed', message: 'teardown broke', assertionResults: [test('ok', 'passed')] },
    // A worker that crashed while its file ran.
    { name: '/repo/tests/unit/crash.test.ts', status: 'failed', message: '', assertionResults: [test('waits', 'pending')] },
    { name: '/repo/tests/unit/fine.test.ts', status: 'passed', message: '', assertionResults: [test('a', 'passed'), test('b', 'passed')] },
  ],
};

const result = (status: string, retry = 0) => ({ status, retry });
const playwrightReport = {
  suites: [
    {
      title: 'form.spec.ts',
      specs: [
        {
          title: 'posts a deal',
          tests: [{ projectName: 'chromium-phone', expectedStatus: 'passed', status: 'expected', results: [result('passed')] }],
        },
        {
          title: 'passes on retry',
          tests: [
            { projectName: 'chromium-phone', expectedStatus: 'passed', status: 'flaky', results: [result('failed'), result('passed', 1)] },
          ],
        },
        {
          title: 'fails twice',
          tests: [
            {
              projectName: 'chromium-phone',
              expectedStatus: 'passed',
              status: 'unexpected',
              results: [result('failed'), result('failed', 1)],
            },
          ],
        },
        {
          title: 'test.fail() that failed',
          tests: [{ projectName: 'chromium-phone', expectedStatus: 'failed', status: 'expected', results: [result('failed')] }],
        },
        {
          title: 'test.skip()',
          tests: [{ projectName: 'chromium-phone', expectedStatus: 'skipped', status: 'skipped', results: [result('skipped')] }],
        },
        // Stopped when the run ended (a global timeout, --max-failures).
        {
          title: 'interrupted',
          tests: [{ projectName: 'chromium-phone', expectedStatus: 'passed', status: 'skipped', results: [result('interrupted')] }],
        },
      ],
      suites: [
        {
          title: 'a group',
          specs: [
            {
              title: 'nested',
              tests: [{ projectName: 'chromium-phone', expectedStatus: 'passed', status: 'expected', results: [result('passed')] }],
            },
          ],
        },
      ],
    },
    // A project whose dependency failed: its tests have no result at all.
    {
      title: 'chapa.spec.ts',
      specs: [
        { title: 'a buyer pays', tests: [{ projectName: 'chapa', expectedStatus: 'passed', status: 'skipped', results: [] }] },
        { title: 'a seller promotes', tests: [{ projectName: 'chapa', expectedStatus: 'passed', status: 'skipped', results: [] }] },
      ],
    },
  ],
  // A spec that does not load: an error of the run, no test.
  errors: [{ message: 'Error: Cannot find module ./gone.ts\n    at stack' }],
};

describe('counting a Vitest report', () => {
  const counts = countVitest(vitestReport, '/repo');

  it('counts a test that passed on retry as flaky, not as a plain pass', () => {
    expect(counts.flaky).toBe(1);
    expect(counts.flakyNames).toEqual(['tests/unit/a.test.ts > flaky']);
    expect(counts.passed).toBe(4);
  });

  it('counts a file that failed to load, tests a failed hook stopped and a crashed file as not run', () => {
    expect(counts.notRun).toBe(4);
    expect(counts.notRunNames).toEqual([
      'tests/unit/broken.test.ts (did not load: cannot load)',
      'tests/db/setup.test.ts > one',
      'tests/db/setup.test.ts > two',
      'tests/unit/crash.test.ts > waits',
    ]);
  });

  it('counts a failed test and a file error after passing tests as failed, and skips as skipped', () => {
    expect(counts.failedNames).toEqual(['tests/unit/a.test.ts > fails', 'tests/unit/teardown.test.ts (teardown broke)']);
    expect(counts.failed).toBe(2);
    expect(counts.skipped).toBe(2);
  });
});

describe('counting a Playwright report', () => {
  const counts = countPlaywright(playwrightReport);

  it('counts flaky apart from passed, and an expected failure as passed', () => {
    expect(counts.passed).toBe(3);
    expect(counts.flaky).toBe(1);
    expect(counts.flakyNames).toEqual(['[chromium-phone] form.spec.ts › passes on retry']);
  });

  it('tells tests that did not run (a failed dependency, an interrupted run) from skipped ones', () => {
    expect(counts.skipped).toBe(1);
    expect(counts.notRun).toBe(3);
    expect(counts.notRunNames).toEqual([
      '[chromium-phone] form.spec.ts › interrupted',
      '[chapa] chapa.spec.ts › a buyer pays',
      '[chapa] chapa.spec.ts › a seller promotes',
    ]);
  });

  it('counts a failed test and an error of the run as failed', () => {
    expect(counts.failedNames).toEqual(['[chromium-phone] form.spec.ts › fails twice', 'run error: Error: Cannot find module ./gone.ts']);
    expect(counts.failed).toBe(2);
  });
});

describe('the closing lines', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sefer-test-summary-'));
    await writeFile(path.join(dir, 'vitest.json'), JSON.stringify(vitestReport));
    await writeFile(
      path.join(dir, 'playwright-chromium-phone.json'),
      JSON.stringify({ ...playwrightReport, suites: playwrightReport.suites.slice(0, 1) }),
    );
    await writeFile(path.join(dir, 'playwright-chapa.json'), JSON.stringify({ suites: playwrightReport.suites.slice(1), errors: [] }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('end with one harness line: flaky counted as passed, not run as failed, and every runner detailed', () => {
    const lines = summaryLines(countReports(dir, { typecheck: 0, unit: 1, e2e: 1 }));
    expect(lines.filter((line) => HARNESS_LINE.test(line))).toEqual([lines.at(-1)]);
    // Vitest 4 + 1 flaky + Playwright 3 + 1 flaky passed; 2 + 4 and 2 + 3 failed or not run.
    expect(lines.at(-1)).toBe('9 passed, 11 failed, 3 skipped');
    expect(lines).toContain('unit and data-layer tests (Vitest): passed 4, failed 2, flaky 1, skipped 2, not run 4');
    expect(lines).toContain('end-to-end tests (Playwright): passed 3, failed 2, flaky 1, skipped 1, not run 3');
    expect(lines).toContain('flaky (passed on retry, counted as passed): 2');
  });

  it('count a step that failed with nothing failed in its report, and a missing report, as failures', async () => {
    const clean = await mkdtemp(path.join(os.tmpdir(), 'sefer-test-summary-'));
    try {
      await writeFile(path.join(clean, 'vitest.json'), JSON.stringify({ testResults: [vitestReport.testResults.at(-1)] }));
      const runners = countReports(clean, { typecheck: 2, unit: 1, e2e: 0 });
      expect(runners.other.failedNames).toEqual(['typecheck exited with status 2; see its output above']);
      expect(runners.unit.failedNames).toEqual(['unit exited with status 1; see its output above']);
      expect(runners.e2e.notRunNames).toEqual(['no Playwright report (playwright-<project>.json)']);
      expect(summaryLines(runners).at(-1)).toBe('2 passed, 3 failed, 0 skipped');
    } finally {
      await rm(clean, { recursive: true, force: true });
    }
  });
});
