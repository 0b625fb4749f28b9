// §9 date-range shortcuts (最近一周 / 最近一个月 / 最近三个月) and whole-day bounds.
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_RANGE_SHORTCUTS, rangeValue, shortcutRange } from '../../../src/engine/components/date-presets';

describe('date ranges', () => {
  it('offers last week, 30 days and 90 days', () => {
    expect(DATE_RANGE_SHORTCUTS.map((s) => [s.label, s.days])).toEqual([['最近一周', 7], ['最近一个月', 30], ['最近三个月', 90]]);
  });

  it('a shortcut runs from 00:00:00 of the first day to 23:59:59 today', () => {
    const now = dayjs('2024-03-31 15:20:00');
    expect(rangeValue(shortcutRange(7, now), true)).toEqual(['2024-03-24 00:00:00', '2024-03-31 23:59:59']);
    expect(rangeValue(shortcutRange(30, now), false)).toEqual(['2024-03-01', '2024-03-31']);
  });
});
