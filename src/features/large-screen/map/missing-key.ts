// §8 "Missing map key → Error 'No tianDiTu key found'": reported once per page load (a wall display
// re-renders for days; the console must not fill up), while the map falls back to the offline base.
import { MAP_ERRORS } from './constants';

let reported = false;

/** Logs the §8 error the first time only; true when it logged. */
export function reportMissingKey(log: (message: string) => void = console.warn): boolean {
  if (reported) return false;
  reported = true;
  log(MAP_ERRORS.noKey);
  return true;
}

/** Tests: a fresh page load. */
export const resetMissingKeyReport = (): void => {
  reported = false;
};
