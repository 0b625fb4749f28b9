// Relative dates of seed rows (common/metadata/relative-dates.ts): the grammar, China Standard Time, month
// ends, and the codegen check of a bad one.
import { describe, expect, it } from 'vitest';
import { relativeDateProblem, resolveRelativeDate } from '../../../common/metadata/relative-dates';
import { checkSchemas } from '../../../common/metadata/check';
import { readSchemas } from '../../../codegen/read-schemas';

// 2026-11-25 17:30 UTC is 2026-11-26 01:30 in China: "today" is the 26th there.
const NOW = new Date('2026-11-25T17:30:00Z');

describe('relative dates', () => {
  it.each([
    ['$today', 'date', '2026-11-26'],
    ['$today-30d', 'date', '2026-10-27'],
    ['$today+7d', 'date', '2026-12-03'],
    ['$today+2w', 'date', '2026-12-10'],
    ['$today-1y', 'date', '2025-11-26'],
    ['$today', 'datetime', '2026-11-26T00:00:00+08:00'],
    ['$now', 'datetime', '2026-11-26T01:30:00+08:00'],
    ['$now-2h', 'datetime', '2026-11-25T23:30:00+08:00'],
    ['$now+30min', 'datetime', '2026-11-26T02:00:00+08:00'],
    ['$now-2h', 'date', '2026-11-25'],
    // Up to six digits: four months back to the minute (the plant's trips, docs/concrete-plant.md).
    ['$now-172800min', 'datetime', '2026-07-29T01:30:00+08:00'],
  ] as const)('%s as a %s is %s', (value, type, expected) => {
    expect(resolveRelativeDate(value, type, NOW)).toBe(expected);
  });

  it('keeps the day of the month, or the month’s last day', () => {
    expect(resolveRelativeDate('$today+3m', 'date', new Date('2026-11-30T04:00:00Z'))).toBe('2027-02-28');
    expect(resolveRelativeDate('$today-1y', 'date', new Date('2028-02-29T04:00:00Z'))).toBe('2027-02-28');
  });

  it('leaves other values alone and names grammar errors', () => {
    expect(resolveRelativeDate('2025-01-01', 'date', NOW)).toBe('2025-01-01');
    expect(relativeDateProblem('2025-01-01')).toBeNull();
    expect(relativeDateProblem('$today-30d')).toBeNull();
    expect(relativeDateProblem('$yesterday')).toMatch(/is not a relative date/);
    expect(relativeDateProblem('$today-2h')).toMatch(/\$today moves by d, w, m or y/);
  });

  it('codegen reports a bad relative date and one in a field that is no date', () => {
    const { sources } = readSchemas();
    const seed = sources.seeds.find((s) => s.path === 'seed/qualification.json')!;
    const json = seed.json as { rows: Array<Record<string, unknown>> };
    const rows = [{ ...json.rows[0], expiryDate: '$today+1q' }, { ...json.rows[1], qualName: '$today' }, ...json.rows.slice(2)];
    const result = checkSchemas({ ...sources, seeds: sources.seeds.map((s) => (s === seed ? { ...s, json: { ...json, rows } } : s)) });
    expect(result.problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/rows/0/expiryDate: "$today+1q" is not a relative date ($today, $today-30d, $today+2w, $today+3m, $today-1y, $now, $now-2h, $now+30min)',
      '/rows/1/qualName: a relative date fits a date or datetime field, not type "string"',
    ]);
  });
});
