// What the warning centre derives from the Warning answer (common/screens/warning.ts): the handled rate
// (the look of the §3.5 alarm levels is shared/warning/levels.ts).
import { percentOf } from '../../../kit/format';

/** Handled over raised in percent with one decimal (0 when nothing was raised). */
export const handledRate = (total: number, handled: number): number => percentOf(handled, total);
