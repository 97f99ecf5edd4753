import { describe, expect, it } from 'vitest';
import { formatTable, missedReport, overallTally, reaches, shortfalls, tallyByKind, type Outcome } from './relevance-score.ts';

/** `found` outcomes found and `total - found` missed, all of one kind. */
function outcomes(kind: string, found: number, total: number): Outcome[] {
  return Array.from({ length: total }, (_, i) => ({
    kind,
    query: `${kind} ${i}`,
    expect: `listing-${i}`,
    found: i < found,
    firstKeys: i < found ? [`listing-${i}`] : ['other-a', 'other-b', 'other-c', 'other-d'],
  }));
}

describe('relevance score', () => {
  it('reaches a percentage exactly at the boundary, not below it, and never with no queries', () => {
    expect(reaches({ found: 95, total: 100 }, 95)).toBe(true);
    expect(reaches({ found: 19, total: 20 }, 95)).toBe(true);
    expect(reaches({ found: 94, total: 100 }, 95)).toBe(false);
    expect(reaches({ found: 18, total: 20 }, 95)).toBe(false);
    expect(reaches({ found: 9, total: 10 }, 90)).toBe(true);
    expect(reaches({ found: 26, total: 29 }, 90)).toBe(false); // 89.7 %
    expect(reaches({ found: 0, total: 0 }, 90)).toBe(false);
  });

  it('tallies found/total per kind in the given order, kinds without queries included', () => {
    const all = [...outcomes('typo', 2, 3), ...outcomes('exact', 4, 4)];
    expect(Object.entries(tallyByKind(all, ['exact', 'typo', 'field']))).toEqual([
      ['exact', { found: 4, total: 4 }],
      ['typo', { found: 2, total: 3 }],
      ['field', { found: 0, total: 0 }],
    ]);
    expect(overallTally(all)).toEqual({ found: 6, total: 7 });
  });

  it('meets the goal at 95 % overall with every kind at 90 %', () => {
    const all = [...outcomes('exact', 20, 20), ...outcomes('typo', 18, 20), ...outcomes('latin', 19, 20), ...outcomes('field', 19, 20)];
    expect(overallTally(all)).toEqual({ found: 76, total: 80 });
    expect(shortfalls(all, ['exact', 'typo', 'latin', 'field'])).toEqual([]);
  });

  it('fails a kind under 90 % even when the overall score is met', () => {
    const all = [...outcomes('exact', 100, 100), ...outcomes('typo', 8, 10)];
    expect(shortfalls(all, ['exact', 'typo'])).toEqual(['typo 8/10 (80.0 %) < 90 %']);
  });

  it('fails the overall score under 95 % even when every kind is at 90 %', () => {
    const all = [...outcomes('exact', 9, 10), ...outcomes('typo', 9, 10)];
    expect(shortfalls(all, ['exact', 'typo'])).toEqual(['overall 18/20 (90.0 %) < 95 %']);
  });

  it('fails a kind that has no queries at all', () => {
    expect(shortfalls(outcomes('exact', 10, 10), ['exact', 'prefix'])).toEqual(['prefix 0/0 (–) < 90 %']);
  });

  it('lists the missed queries by kind with what came first instead', () => {
    const report = missedReport([...outcomes('typo', 1, 2), ...outcomes('exact', 1, 1), ...outcomes('latin', 0, 1)]);
    expect(report).toBe(
      [
        'typo (1 missed):',
        '  "typo 1" → wanted listing-1, got other-a, other-b, other-c',
        'latin (1 missed):',
        '  "latin 0" → wanted listing-0, got other-a, other-b, other-c',
      ].join('\n'),
    );
    expect(missedReport([{ kind: 'exact', query: 'x', expect: 'y', found: false, firstKeys: [] }])).toContain('got nothing');
  });

  it('formats one row per kind and an overall row', () => {
    const table = formatTable({ exact: { found: 19, total: 20 }, typo: { found: 0, total: 12 } }, { found: 19, total: 32 });
    expect(table.split('\n')).toEqual([
      '| kind        |   found |       % |',
      '|-------------|---------|---------|',
      '| exact       |   19/20 |  95.0 % |',
      '| typo        |    0/12 |   0.0 % |',
      '| overall     |   19/32 |  59.4 % |',
    ]);
  });
});
