// 设备整改 (docs/devices.md "Rectification"): a 整改单 is opened by the server when a record has 不合格
// answers (records.ts) and is closed through its workflow's 整改关闭 (close: 整改措施 required, photos
// optional). Nobody creates, edits or deletes one by hand. Closing stamps who and when and marks the
// record 已整改, in the move's transaction.
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { TransitionHook } from '../../engine/hook-types';
import type { EntityHooks } from '../../engine/hook-types';
import { RECORD_TABLES } from './shared';

export const RECTIFICATION_MESSAGES = {
  manual: '整改单由不合格的检查记录自动生成，不能手工新增',
  fixed: '整改单不能修改，整改完成后请执行“整改关闭”',
  noDelete: '整改单不能删除',
} as const;

export const rectificationHooks: EntityHooks = {
  async checkChange(change) {
    if (change.action === 'create') throw new Refusal(RECTIFICATION_MESSAGES.manual);
    if (change.action === 'update' || change.action === 'audit') throw new Refusal(RECTIFICATION_MESSAGES.fixed);
    if (change.action === 'delete') throw new Refusal(RECTIFICATION_MESSAGES.noDelete);
  },
};

export const rectificationCloseHook: TransitionHook = async (change, ctx) => {
  const user = ctx.session.user;
  await sql`update device_rectification set closed_at = now(), closed_by = ${user.real_name || user.user_name} where id = ${change.id}`.execute(ctx.db);
  const table = RECORD_TABLES[String(change.before.recordKind)];
  if (!table) return;
  await sql`update ${sql.table(table)} set rectify_status = '2', version = version + 1, updated_at = now()
    where id = ${String(change.before.recordId)} and rectify_status = '1'`.execute(ctx.db);
};
