// 告警处理 (docs/environment.md "Alarm handling"): an alarm goes 未处理 → 处理中 → 已处理 through its
// workflow (开始处理 / 处理完成, each with a 处理说明); the moves stamp the handler and, on completion, the
// time and the `handled` flag every screen counts. The older API write of `handled` (§7 callers, devices)
// keeps working: the progress follows it, so the list and the screens never disagree.
import { sql } from 'kysely';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks } from '../engine/hook-types';

export const alarmHooks: EntityHooks = {
  async afterWrite(row, ctx, action) {
    if (action !== 'update' || typeof row.handled !== 'boolean') return;
    if (row.handled) {
      await sql`update monitor_alarm set handle_status = '2', handled_at = coalesce(handled_at, now()),
        handler = coalesce(handler, ${ctx.session.user.real_name || ctx.session.user.user_name}) where id = ${String(row.id)} and handle_status <> '2'`.execute(ctx.db);
    } else {
      await sql`update monitor_alarm set handle_status = '0', handled_at = null where id = ${String(row.id)} and handle_status = '2'`.execute(ctx.db);
    }
  },
};

/** 开始处理 / 处理完成: who handles it; completion also marks it handled and when. */
export const alarmHandleHook: TransitionHook = async (change, ctx) => {
  const who = ctx.session.user.real_name || ctx.session.user.user_name;
  if (change.transition.name === 'finishHandling') {
    await sql`update monitor_alarm set handler = ${who}, handled_at = now(), handled = true where id = ${change.id}`.execute(ctx.db);
  } else {
    await sql`update monitor_alarm set handler = ${who} where id = ${change.id}`.execute(ctx.db);
  }
};
