// Self-registration (§7.2 PCEmployeeRegister): the account joins an existing company by its full name
// and waits for audit (§3.5 status 1) before it can log in.
import type { Kysely } from 'kysely';
import { checkNewPassword } from '../../common/password-rules';
import { FORMATS, normaliseMobile } from '../../common/validators';
import type { RegisterRequest } from '../../common/wire';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/schema';
import { SERVER_MESSAGES } from '../messages';

export type RegisterOutcome = { ok: true; userId: number } | { ok: false; detail: string };

const UNIQUE_VIOLATION = '23505';

export function checkRegistration(req: RegisterRequest): string | null {
  if (!FORMATS.username.test(req.userName)) return FORMATS.username.message;
  const password = checkNewPassword('', req.password);
  if (password) return password;
  if (!FORMATS.realName.test(req.realName)) return FORMATS.realName.message;
  if (!FORMATS.mobile.test(req.mobile)) return FORMATS.mobile.message;
  return null;
}

export async function register(db: Kysely<Database>, sent: RegisterRequest): Promise<RegisterOutcome> {
  // The mobile number is stored as its 11 digits, however it was written (+86 138 1234 5678).
  const req = { ...sent, mobile: normaliseMobile(sent.mobile) };
  const broken = checkRegistration(req);
  if (broken) return { ok: false, detail: broken };
  const company = await db.selectFrom('companies').select('id').where('name', '=', req.companyName.trim()).executeTakeFirst();
  if (!company) return { ok: false, detail: SERVER_MESSAGES.registerCompanyMissing };
  const taken = await db.selectFrom('users').select('id').where('user_name', '=', req.userName).executeTakeFirst();
  if (taken) return { ok: false, detail: SERVER_MESSAGES.userNameTaken };

  const passwordHash = await hashPassword(req.password);
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          user_name: req.userName,
          password_hash: passwordHash,
          real_name: req.realName,
          mobile: req.mobile,
          user_auth_type: '0',
          audit_status: 1,
          default_company_id: company.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // No role until an administrator audits the account and assigns one.
      await trx.insertInto('memberships').values({ user_id: user.id, company_id: company.id, role_id: null }).execute();
      return user.id;
    });
    return { ok: true, userId };
  } catch (error) {
    // Two registrations of one name at once: the unique index decides.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { ok: false, detail: SERVER_MESSAGES.userNameTaken };
    throw error;
  }
}
