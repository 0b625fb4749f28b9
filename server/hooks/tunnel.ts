// 隧道管理 (docs/tunnel.md) and AI识别 (docs/ai-recognition.md) hooks.
// - 掘进进尺: 累计进尺 is the face's advances up to and including this day (the row's own advance plus every
//   earlier day of the same face), so the ledger reads like the site's daily sheet.
// - AI识别事件 处理: who handled it and when; the event's alarm (monitor_alarm, kind aiEvent, which the
//   warning screens count) is marked handled along with it.
import { sql } from 'kysely';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks } from '../engine/hook-types';

export const tunnelAdvanceHooks: EntityHooks = {
  async beforeWrite(row, ctx) {
    const section = row.sectionId === undefined || row.sectionId === null ? null : String(row.sectionId);
    const date = typeof row.advanceDate === 'string' ? row.advanceDate.slice(0, 10) : null;
    const advance = Number(row.advance ?? 0);
    if (section === null || date === null || !Number.isFinite(advance)) return row;
    const id = row.id === undefined || row.id === null ? '0' : String(row.id);
    const before = await sql<{ total: string | number | null }>`select coalesce(sum(advance), 0) as total from tunnel_advance
      where section_id = ${section}::bigint and if_del = 0 and advance_date < ${date}::date and id <> ${id}::bigint`.execute(ctx.db);
    const total = Number(before.rows[0]?.total ?? 0) + advance;
    return { ...row, cumulative: Math.round(total * 10) / 10 };
  },
};

/** 处理: the handler and time; the linked alarm is handled with the same note. */
export const aiEventHandleHook: TransitionHook = async (change, ctx) => {
  const who = ctx.session.user.real_name || ctx.session.user.user_name;
  const note = typeof change.values.handleNote === 'string' ? change.values.handleNote : null;
  await sql`update ai_event set handler = ${who}, handled_at = now() where id = ${change.id}::bigint`.execute(ctx.db);
  await sql`update monitor_alarm set handled = true, handle_status = '2', handler = ${who}, handled_at = now(),
      handle_note = coalesce(handle_note, ${note}), updated_at = now()
    where id = (select alarm_id from ai_event where id = ${change.id}::bigint) and handle_status <> '2'`.execute(ctx.db);
};
