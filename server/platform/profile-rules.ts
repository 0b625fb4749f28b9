// Format checks of §5.5 for the account forms, with the shared messages of common/validators.
import { FORMATS } from '../../common/validators';
import type { ProfileChange } from './profile';

/** The first broken rule, or null. E-mail may be left empty. */
export function checkProfile(change: ProfileChange): string | null {
  if (!FORMATS.realName.test(change.realName)) return FORMATS.realName.message;
  if (!FORMATS.mobile.test(change.mobile)) return FORMATS.mobile.message;
  if (change.email !== '' && !FORMATS.email.test(change.email)) return FORMATS.email.message;
  return null;
}
