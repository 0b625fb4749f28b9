// China time in the browser (src/lib/time, docs/architecture.md "Time"): every helper gives Asia/Shanghai's
// wall clock and days whatever the zone the PC is set to — run here in UTC, in China and in New York (a zone
// with daylight saving), switched through process.env.TZ, which Node reads at every date operation.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import {
  addChinaDays,
  chinaDay,
  chinaDayBounds,
  chinaFormat,
  chinaHour,
  chinaInstant,
  chinaIso,
  chinaIsoOf,
  chinaMidnight,
  chinaParse,
  chinaTime,
  instantOf,
  msToChinaMidnight,
} from '../../src/lib/time/china-time';
import { ChinaDatePicker } from '../../src/lib/time/ChinaDatePicker';
import { pickerValue, rangeValue, shortcutRange } from '../../src/engine/components/date-presets';
import { LOCAL, writeDayBounds } from '../../src/lib/storage';
import { noiseLimit } from '../../src/features/large-screen/shared/model';
import { dateTimeMillis } from '../../common/metadata/datetime';

/** 2026-12-02 00:30 China time = 2026-12-01 16:30 UTC: the two calendars name different days. */
const AFTER_CHINA_MIDNIGHT = Date.parse('2026-12-01T16:30:00Z');
/** 2026-12-02 06:48 China time, the environment reading of the issue (shown as 12-01 22:48 on a UTC PC). */
const READING = '2026-12-01T22:48:00.000Z';

const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York'] as const;

describe.each(ZONES)('with the PC in %s', (zone) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the zone is in force (the test would prove nothing otherwise)', () => {
    const offset = new Date(AFTER_CHINA_MIDNIGHT).getTimezoneOffset();
    expect(offset).toBe({ UTC: 0, 'Asia/Shanghai': -480, 'America/New_York': 300 }[zone]);
  });

  it('reads server times: Z and offsets as the instant, zoneless text and bare dates as China time', () => {
    expect(instantOf(READING)).toBe(Date.parse(READING));
    expect(instantOf('2026-12-02T06:48:00+08:00')).toBe(Date.parse(READING));
    expect(instantOf('2026-12-02 06:48:00')).toBe(Date.parse(READING));
    expect(instantOf('2026-12-02T06:48')).toBe(Date.parse(READING));
    expect(instantOf('2026-12-02')).toBe(Date.parse('2026-12-01T16:00:00Z'));
    expect(instantOf(Date.parse(READING))).toBe(Date.parse(READING));
    expect(instantOf(new Date(READING))).toBe(Date.parse(READING));
    for (const bad of [null, undefined, '', '明天', '2026-13-01', '2026-12-02 25:00', Number.NaN, new Date(Number.NaN)]) expect(instantOf(bad)).toBeNull();
  });

  it('reads text as the server does (common/metadata/datetime.ts), without importing its validators', () => {
    const samples = [
      '2026-12-02', '2026-12-02 06:48', '2026-12-02 06:48:00', '2026-12-02T06:48:00.5', '2026-12-02T06:48:00.123456',
      '2026-12-02T06:48:00Z', '2026-12-02T06:48:00z', '2026-12-02T06:48:00+0530', '2026-12-02 06:48:00 -05:00', '2026-12-02T06:48+08',
      '2024-02-29', '2026-02-29', '2026-02-30 10:00:00', '2026-12-02 24:00:00', '2026-12-02 12:60', '2026-12-02Z', '2026-12-02T06:48:00+15:00',
      ' 2026-12-02 06:48:00 ', '2026/12/02', '', 'now',
    ];
    for (const text of samples) expect([text, instantOf(text)]).toEqual([text, dateTimeMillis(text)]);
  });

  it('formats on China’s wall clock: the reading is 12-02 06:48, not the PC’s 12-01 22:48', () => {
    expect(chinaFormat(READING, 'MM-DD HH:mm')).toBe('12-02 06:48');
    expect(chinaFormat('2026-12-02 06:48:00', 'YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 06:48:00');
    expect(chinaFormat('2026-12-02', 'MM-DD')).toBe('12-02');
    expect(chinaFormat('2026-12-01T16:00:00.000Z', 'HH:00')).toBe('00:00');
    expect(chinaFormat(null, 'MM-DD')).toBe('--');
    expect(chinaFormat('坏值', 'MM-DD', '坏值')).toBe('坏值');
    expect(chinaParse(READING)?.hour()).toBe(6);
    expect(chinaParse('x')).toBeNull();
  });

  it('chinaTime: China’s fields, days and weekday; chinaInstant gives the instant back', () => {
    const t = chinaTime(AFTER_CHINA_MIDNIGHT);
    expect(t.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 00:30:00');
    expect(t.day()).toBe(3); // a Wednesday in China (still Tuesday in UTC and New York)
    expect(chinaInstant(t)).toBe(AFTER_CHINA_MIDNIGHT);
    expect(chinaInstant(t.startOf('day'))).toBe(Date.parse('2026-12-01T16:00:00Z'));
    expect(t.endOf('day').format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 23:59:59');
    expect(chinaIsoOf(t)).toBe('2026-12-02T00:30:00+08:00');
    expect(chinaIso(AFTER_CHINA_MIDNIGHT)).toBe('2026-12-02T00:30:00+08:00');
    expect(instantOf(t)).toBe(AFTER_CHINA_MIDNIGHT);
    vi.useFakeTimers({ now: AFTER_CHINA_MIDNIGHT, toFake: ['Date'] });
    expect(chinaTime().format('YYYY-MM-DD HH:mm')).toBe('2026-12-02 00:30');
    expect(chinaTime(new Date(AFTER_CHINA_MIDNIGHT)).format('HH:mm')).toBe('00:30');
    expect(chinaTime(Number.NaN).isValid()).toBe(false);
  });

  it('China days: the day, its midnight, the time to the next, days before and after, the hour', () => {
    expect(chinaDay(AFTER_CHINA_MIDNIGHT)).toBe('2026-12-02');
    expect(chinaDay(Date.parse('2026-12-01T15:59:59.999Z'))).toBe('2026-12-01');
    expect(chinaMidnight('2026-12-02')).toBe(Date.parse('2026-12-01T16:00:00Z'));
    expect(msToChinaMidnight(AFTER_CHINA_MIDNIGHT)).toBe(23.5 * 3_600_000);
    expect(msToChinaMidnight(chinaMidnight('2026-12-02'))).toBe(86_400_000);
    expect(addChinaDays('2026-12-02', -7)).toBe('2026-11-25');
    expect(addChinaDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(chinaHour(AFTER_CHINA_MIDNIGHT)).toBe(0);
    expect(chinaHour(Date.parse(READING))).toBe(6);
  });

  it('times / endtim (§3.6) are today’s China bounds, also in the localStorage the login writes', () => {
    expect(chinaDayBounds(AFTER_CHINA_MIDNIGHT)).toEqual({ times: '2026-12-02 00:00:00', endtim: '2026-12-02 23:59:59' });
    vi.useFakeTimers({ now: AFTER_CHINA_MIDNIGHT, toFake: ['Date'] });
    writeDayBounds();
    expect([localStorage.getItem(LOCAL.times), localStorage.getItem(LOCAL.endtim)]).toEqual(['2026-12-02 00:00:00', '2026-12-02 23:59:59']);
  });

  it('the search shortcuts count China days; stored values read back as the same China text', () => {
    vi.useFakeTimers({ now: AFTER_CHINA_MIDNIGHT, toFake: ['Date'] });
    expect(rangeValue(shortcutRange(7), true)).toEqual(['2026-11-25 00:00:00', '2026-12-02 23:59:59']);
    expect(rangeValue(shortcutRange(30), false)).toEqual(['2026-11-02', '2026-12-02']);
    expect(pickerValue('2026-12-02 06:48:00')?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 06:48:00');
    expect(pickerValue(READING)?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-02 06:48');
    expect(pickerValue('2026-12-02')?.format('YYYY-MM-DD')).toBe('2026-12-02');
    expect(pickerValue(null)).toBeNull();
  });

  it('noise limits switch at 06:00 and 22:00 China time', () => {
    const t = { noiseDay: 70, noiseNight: 55, pm25: 75, pm10: 150, windSpeed: 10 } as Parameters<typeof noiseLimit>[0];
    expect(noiseLimit(t, READING)).toBe(70);
    expect(noiseLimit(t, '2026-12-02T05:59:00+08:00')).toBe(55);
    expect(noiseLimit(t, '2026-12-02 22:00:00')).toBe(55);
  });

  it('ChinaDatePicker marks China’s today, not the PC’s', () => {
    vi.useFakeTimers({ now: AFTER_CHINA_MIDNIGHT, toFake: ['Date'] });
    const { baseElement, unmount } = render(<ChinaDatePicker open getPopupContainer={(node) => node.parentElement ?? document.body} />);
    expect(baseElement.querySelector('.ant-picker-cell-today')?.getAttribute('title')).toBe('2026-12-02');
    unmount();
  });
});
