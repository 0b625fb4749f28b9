// antd's DatePicker on China time (docs/architecture.md "Time"): the same component, but its "now" — the
// highlighted 今天, the 此刻 button, the month an empty picker opens on — is China's wall clock, not the
// PC's. Values are China wall-clock dayjs values (china-time.ts): `format` gives the wire's China text,
// `chinaInstant` the instant. src/ uses this picker, never antd's (eslint.config.js).
import { DatePicker as AntDatePicker } from 'antd';
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import type { Dayjs } from 'dayjs';
import { chinaTime } from './china-time';

const chinaConfig: typeof dayjsGenerateConfig = { ...dayjsGenerateConfig, getNow: (): Dayjs => chinaTime() };

/** antd's DatePicker (with .RangePicker) whose today and now are China's. */
export const ChinaDatePicker = AntDatePicker.generatePicker<Dayjs>(chinaConfig);
