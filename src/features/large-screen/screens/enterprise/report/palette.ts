// One colour per alarm kind, by its place in the answer's `alarmsByKind` (dictionary order), so the trend
// and the ring show a kind in the same colour.
import { CHART_COLORS } from '../../../kit/charts/theme';

const KIND_COLORS = ['#ff4d6d', '#ff9f40', '#ffc53d', '#b37feb', ...CHART_COLORS.filter((c) => !['#ffc53d', '#ff4d6d', '#b37feb'].includes(c))];

export const kindColor = (index: number): string => KIND_COLORS[index % KIND_COLORS.length];
