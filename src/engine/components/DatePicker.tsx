// Date and date-range inputs over string values (YYYY-MM-DD, or with time for datetime fields); the range
// offers the §9 shortcuts and covers whole days.
// China's days and now whatever the PC's zone (ChinaDatePicker, src/lib/time).
import { connect, mapReadPretty } from '@formily/react';
import { ChinaDatePicker as AntDatePicker } from '../../lib/time/ChinaDatePicker';
import { DATE_FORMAT, DATE_RANGE_SHORTCUTS, DATETIME_FORMAT, pickerValue as parse, rangeValue, shortcutRange } from './date-presets';

type DateProps = { value?: string | null; onChange?: (v: string | undefined) => void; showTime?: boolean; placeholder?: string; disabled?: boolean; 'aria-label'?: string };

function DateInput({ value, onChange, showTime, placeholder, disabled, 'aria-label': name }: DateProps) {
  const format = showTime ? DATETIME_FORMAT : DATE_FORMAT;
  return (
    <AntDatePicker
      style={{ width: '100%' }}
      value={parse(value)}
      showTime={showTime}
      format={format}
      placeholder={placeholder ?? '请选择日期'}
      aria-label={name}
      disabled={disabled}
      onChange={(d) => onChange?.(d ? d.format(format) : undefined)}
    />
  );
}

const DateText = ({ value }: DateProps) => <span>{value || '-'}</span>;

export const DatePicker = connect(DateInput, mapReadPretty(DateText));

type RangeProps = {
  value?: [string, string] | null;
  onChange?: (v: [string, string] | undefined) => void;
  /** Send 00:00:00 / 23:59:59 bounds (datetime fields). */
  withTime?: boolean;
  shortcuts?: boolean;
  disabled?: boolean;
};

function DateRangeInput({ value, onChange, withTime = false, shortcuts = true, disabled }: RangeProps) {
  const presets = shortcuts ? DATE_RANGE_SHORTCUTS.map((s) => ({ label: s.label, value: shortcutRange(s.days) })) : undefined;
  return (
    <AntDatePicker.RangePicker
      style={{ width: '100%' }}
      value={value ? [parse(value[0]), parse(value[1])] : null}
      format={DATE_FORMAT}
      presets={presets}
      disabled={disabled}
      placeholder={['开始日期', '结束日期']}
      onChange={(r) => onChange?.(r && r[0] && r[1] ? rangeValue([r[0], r[1]], withTime) : undefined)}
    />
  );
}

const RangeText = ({ value }: RangeProps) => <span>{value ? `${value[0]} 至 ${value[1]}` : '-'}</span>;

export const DateRange = connect(DateRangeInput, mapReadPretty(RangeText));
