// Who may create, edit, audit, delete or put on a project which user (docs/security-privilege.md), the
// user hook's checkChange. System administrators may do anything; anyone else:
// - never to a system administrator;
// - only to a user of an authority type it may administer (MANAGED_TYPES) and holding nothing it does
//   not hold itself: area, this company's role grants, projects, watched companies;
// - to an account that belongs to other companies too, only this company's membership (role,
//   department, leaving the company): never its password, audit status or identity fields;
// - and it writes only what it holds: an authority type it may administer, an area under its own
//   (government users), a role whose grants it holds.
import type { Kysely } from 'kysely';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { FieldRefusal, Refusal } from '../engine/errors';
import {
  firstUnheld,
  grantsOfRoles,
  holdingOf,
  holdsForeignProject,
  holdsForeignWatch,
  isCompanyRole,
  MANAGED_TYPES,
  PRIVILEGE_MESSAGES as M,
  VERBS,
  withinArea,
  type AuthType,
  type Holding,
} from '../auth/privileges';
import type { HookContext, HookRow, RowChange } from '../engine/hook-types';

/** This company's membership: what this company's administrator may change on an account of several companies. */
const MEMBERSHIP_FIELDS: ReadonlySet<string> = new Set(['roleId', 'departmentName']);

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';
const differs = (a: unknown, b: unknown): boolean => (blank(a) || blank(b) ? blank(a) !== blank(b) : String(a) !== String(b));

/**
 * The fields an update really changes: the browser's edit form sends every field, so a value equal to
 * the stored one is no change; a password is a change whenever one is sent.
 */
function changedFields(values: HookRow, before: HookRow, holding: Holding): string[] {
  return Object.keys(values).filter((name) => {
    if (name === 'password') return typeof values.password === 'string' && values.password !== '';
    if (name === 'roleId') return differs(values.roleId, holding.roleHere);
    return differs(values[name], before[name]);
  });
}

const typeLabel = (ctx: HookContext, type: unknown): string =>
  ctx.dictionary('userAuthType')?.find((o) => o.xuHao === String(type))?.selContent ?? String(type);

const manages = (actor: SessionContext, type: unknown): boolean => (MANAGED_TYPES[actor.user.user_auth_type] as readonly unknown[]).includes(type);

async function roleHeld(db: Kysely<Database>, actor: SessionContext, roleId: unknown): Promise<boolean> {
  return firstUnheld(actor, await grantsOfRoles(db, [Number(roleId)])) === undefined;
}

/** The target may be administered by the actor at all. */
async function checkTarget(ctx: HookContext, userId: number, holding: Holding, verb: string): Promise<void> {
  const { db, session } = ctx;
  if (holding.isSystemAdmin) throw new Refusal(M.systemAdmin(verb));
  if (!manages(session, holding.authType)) throw new Refusal(M.targetType(verb, typeLabel(ctx, holding.authType)));
  if (holding.areaCode !== '' && !withinArea(session, holding.areaCode)) throw new Refusal(M.targetHolds(verb, '监管区域'));
  if (holding.roleHere !== null && !(await roleHeld(db, session, holding.roleHere))) throw new Refusal(M.targetHolds(verb, '权限'));
  if (await holdsForeignProject(db, session, userId)) throw new Refusal(M.targetHolds(verb, '项目'));
  if (await holdsForeignWatch(db, session, userId)) throw new Refusal(M.targetHolds(verb, '监视单位'));
}

/** An account of several companies: only this company's membership changes. */
function checkOtherCompanies(ctx: HookContext, change: RowChange, changed: readonly string[]): void {
  if (change.action === 'audit' || change.action === 'transition') throw new Refusal(M.otherCompanyAudit);
  if (change.action === 'link') throw new Refusal(M.otherCompanyLink);
  if (change.action !== 'update') return;
  if (changed.includes('password')) throw new FieldRefusal(M.otherCompanyPassword, 'password');
  const field = changed.find((name) => !MEMBERSHIP_FIELDS.has(name));
  if (field) throw new FieldRefusal(M.otherCompanyField(ctx.model.byName.get(field)?.title ?? field), field);
}

/** What is written is held by the actor: authority type, area, role. */
async function checkValues(ctx: HookContext, values: HookRow, changed: readonly string[]): Promise<void> {
  const { db, session } = ctx;
  if (changed.includes('userAuthType') && !manages(session, values.userAuthType)) {
    throw new FieldRefusal(M.setType(typeLabel(ctx, values.userAuthType)), 'userAuthType');
  }
  if (changed.includes('authAreaCode') && !blank(values.authAreaCode)) {
    if (session.user.user_auth_type !== '1') throw new FieldRefusal(M.setArea, 'authAreaCode');
    if (!withinArea(session, String(values.authAreaCode))) throw new FieldRefusal(M.areaOutside, 'authAreaCode');
  }
  // A role of another company is the user hook's refusal (beforeWrite); one of this company must be held.
  if (changed.includes('roleId') && !blank(values.roleId) && (await isCompanyRole(db, values.roleId, session.companyId)) && !(await roleHeld(db, session, values.roleId))) {
    throw new FieldRefusal(M.roleNotHeld, 'roleId');
  }
}

export async function checkUserChange(change: RowChange, ctx: HookContext): Promise<void> {
  if (ctx.session.user.is_system_admin) return;
  if (!change.before) {
    const values = { userAuthType: '0' satisfies AuthType, ...change.values };
    return checkValues(ctx, values, Object.keys(values));
  }
  const userId = Number(change.before.id);
  const holding = await holdingOf(ctx.db, userId, ctx.session.companyId);
  // A row that is gone is the engine's "not found".
  if (!holding) return;
  await checkTarget(ctx, userId, holding, VERBS[change.action]);
  const changed = change.action === 'update' ? changedFields(change.values, change.before, holding) : [];
  if (holding.otherCompanies) checkOtherCompanies(ctx, change, changed);
  await checkValues(ctx, change.values, changed);
}
