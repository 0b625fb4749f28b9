// What the warning centre derives from the Warning answer (common/screens/warning.ts): the look of the §3.5
// alarm levels and the handled rate.
import { percentOf } from '../../../kit/format';

/** §3.5 alarm levels: tile tone and chart colour, most severe first. */
export const LEVEL_STYLE: Record<string, { tone: 'red' | 'amber' | 'blue'; color: string }> = {
  1: { tone: 'red', color: '#ff4d6d' },
  2: { tone: 'amber', color: '#ffc53d' },
  3: { tone: 'blue', color: '#4d94ff' },
};

/** Handled over raised in percent with one decimal (0 when nothing was raised). */
export const handledRate = (total: number, handled: number): number => percentOf(handled, total);
