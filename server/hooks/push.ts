// Government data push (docs/push.md). An attendance row written through the engine joins the push outbox
// inside the write's transaction. A push record is written by the push worker only: its one change is the
// 重新推送 transition, which makes the record's outbox item due at once (a delivered item is refused:
// it is never sent again).
import { sql } from 'kysely';
import { MESSAGES } from '../../common/constants';
import { FieldRefusal, Refusal } from '../engine/errors';
import { enqueueAttendance } from '../push/outbox';
import { checkTargetUrl, TargetRefused } from '../push/target';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks } from '../engine/hook-types';

/** The worker entity's table (schemas/entities/worker.json), where an attendance row's ID number is. */
const WORKER_TABLE = 'worker';

export const PUSH_MESSAGES = {
  delivered: '该数据已推送成功，无需重新推送',
  noItem: '该推送记录没有对应的待推送数据',
} as const;

export const attendancePushHooks: EntityHooks = {
  async afterWrite(row, ctx) {
    const id = row[ctx.model.idField.name];
    const stored = await sql<Record<string, unknown>>`select * from ${sql.id(ctx.model.entity.table)} where id = ${String(id)}`.execute(ctx.db);
    await enqueueAttendance(ctx.db, WORKER_TABLE, stored.rows);
  },
};

/** 推送配置: a 接口地址 must be a target the worker may send to (server/push/target.ts), refused at once when saved. */
export const pushConfigHooks: EntityHooks = {
  async checkChange(change) {
    const url = change.values.endpointUrl;
    if ((change.action !== 'create' && change.action !== 'update') || typeof url !== 'string') return;
    try {
      checkTargetUrl(url);
    } catch (error) {
      if (error instanceof TargetRefused) throw new FieldRefusal(error.message, 'endpointUrl');
      throw error;
    }
  },
};

export const pushRecordHooks: EntityHooks = {
  async checkChange(change) {
    // A record states what was sent: only the worker writes it (also no sysadmin creates, imports, edits or
    // deletes one); the page's 编辑 grant is for 重新推送 alone (server/push/record-guard.ts holds it in the database).
    if (change.action === 'create' || change.action === 'update' || change.action === 'delete') throw new Refusal(MESSAGES.noPermission, 402);
  },
};

export const pushRecordRePushHook: TransitionHook = async (change, ctx) => {
  const outboxId = change.before.outboxId;
  if (outboxId === null || outboxId === undefined || outboxId === '') throw new Refusal(PUSH_MESSAGES.noItem);
  const item = await sql<{ status: string }>`select status from push_outbox where id = ${String(outboxId)} for update`.execute(ctx.db);
  const status = item.rows[0]?.status;
  if (status === undefined) throw new Refusal(PUSH_MESSAGES.noItem);
  if (status === 'delivered') throw new Refusal(PUSH_MESSAGES.delivered);
  // Due now, with the back-off started again; a claim in flight keeps its lease (the worker sends it once).
  await sql`update push_outbox set next_attempt_at = now(), status = 'pending' where id = ${String(outboxId)} and status <> 'delivered'`.execute(ctx.db);
};
