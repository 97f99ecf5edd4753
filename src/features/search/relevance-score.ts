/**
 * Scoring of the search relevance suite (relevance.data.test.ts): found/total per kind of query,
 * the goal of issue 27 (95 % of all queries found on the first page, every kind at least 90 %),
 * and the texts a failing run prints so the engine's author sees what to fix. Pure.
 */

/** One query's result: did its listing come on the first page, and what came first instead. */
export interface Outcome {
  kind: string;
  query: string;
  expect: string;
  found: boolean;
  /** Keys of the first listings the search returned (for the report of misses). */
  firstKeys: readonly string[];
}

export interface Tally {
  found: number;
  total: number;
}

/** Percentages that must be reached (inclusive). */
export interface RelevanceGoal {
  overallPercent: number;
  kindPercent: number;
}

export const RELEVANCE_GOAL: RelevanceGoal = { overallPercent: 95, kindPercent: 90 };

/** Whether found/total reaches the percentage, in whole numbers (no rounding at the boundary). */
export function reaches(tally: Tally, percent: number): boolean {
  return tally.total > 0 && tally.found * 100 >= percent * tally.total;
}

/** found/total per kind, in the order the kinds are given (kinds without queries count 0/0). */
export function tallyByKind(outcomes: readonly Outcome[], kinds: readonly string[]): Record<string, Tally> {
  const tallies: Record<string, Tally> = {};
  for (const kind of kinds) tallies[kind] = { found: 0, total: 0 };
  for (const o of outcomes) {
    const tally = (tallies[o.kind] ??= { found: 0, total: 0 });
    tally.total++;
    if (o.found) tally.found++;
  }
  return tallies;
}

export function overallTally(outcomes: readonly Outcome[]): Tally {
  return { found: outcomes.filter((o) => o.found).length, total: outcomes.length };
}

const percentOf = (t: Tally) => (t.total === 0 ? '–' : `${((t.found * 100) / t.total).toFixed(1)} %`);

/** The goals not reached, one line each; empty when the run meets the goal. */
export function shortfalls(outcomes: readonly Outcome[], kinds: readonly string[], goal: RelevanceGoal = RELEVANCE_GOAL): string[] {
  const lines: string[] = [];
  const overall = overallTally(outcomes);
  if (!reaches(overall, goal.overallPercent)) {
    lines.push(`overall ${overall.found}/${overall.total} (${percentOf(overall)}) < ${goal.overallPercent} %`);
  }
  for (const [kind, tally] of Object.entries(tallyByKind(outcomes, kinds))) {
    if (!reaches(tally, goal.kindPercent))
      lines.push(`${kind} ${tally.found}/${tally.total} (${percentOf(tally)}) < ${goal.kindPercent} %`);
  }
  return lines;
}

/** The missed queries, grouped by kind: query, the listing it wanted, what came first instead. */
export function missedReport(outcomes: readonly Outcome[]): string {
  const byKind = new Map<string, Outcome[]>();
  for (const o of outcomes.filter((o) => !o.found)) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
  const sections = [...byKind].map(([kind, missed]) => {
    const lines = missed.map((o) => {
      const got = o.firstKeys.length === 0 ? 'nothing' : o.firstKeys.slice(0, 3).join(', ');
      return `  ${JSON.stringify(o.query)} → wanted ${o.expect}, got ${got}`;
    });
    return `${kind} (${missed.length} missed):\n${lines.join('\n')}`;
  });
  return sections.join('\n');
}

/** A plain-text table of the score per kind and overall, for the console and BENCHMARKS.md. */
export function formatTable(tallies: Record<string, Tally>, overall: Tally): string {
  const rows = [...Object.entries(tallies), ['overall', overall] as const].map(
    ([kind, t]) => `| ${kind.padEnd(11)} | ${`${t.found}/${t.total}`.padStart(7)} | ${percentOf(t).padStart(7)} |`,
  );
  return ['| kind        |   found |       % |', '|-------------|---------|---------|', ...rows].join('\n');
}
