// 项目进度计划 (docs/schedule.md): what the ScheduleTask and ScheduleDependency schemas cannot say — a
// parent task of the same project, actual dates not in the future and in order with the progress, no
// task moved to another project while tasks hang on it, a predecessor that is neither the task itself, a
// repeat nor part of a cycle; and each task's status and delay, derived on read against today (CST).
import { sql } from 'kysely';
import { scheduleStatus } from '../../common/schedule';
import { FieldRefusal, Refusal } from '../engine/errors';
import { todayCst } from './devices/shared';
import type { EntityHooks, HookContext, HookRow } from '../engine/hook-types';

export const SCHEDULE_TABLES = { task: 'schedule_task', dependency: 'schedule_dependency' } as const;

export const SCHEDULE_MESSAGES = {
  parentProject: '所选上级任务与所属项目不匹配',
  endWithoutStart: '请先填写实际开始日期',
  startFuture: '实际开始日期不能晚于今天',
  endFuture: '实际完成日期不能晚于今天',
  endNotDone: '填写实际完成日期时，完成进度须为100',
  moved: '该任务已有下级任务或前置、后续任务，不能改变所属项目',
  self: '前置任务不能是任务本身',
  repeated: '前置任务不能重复',
  cycle: '前置任务形成循环依赖，请检查任务之间的先后关系',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const dateOf = (v: unknown): string | null => (blank(v) ? null : String(v).slice(0, 10));
const idOf = (v: unknown): string | null => (blank(v) || !/^[1-9]\d{0,17}$/.test(String(v)) ? null : String(v));

async function projectOfTask(ctx: HookContext, id: string): Promise<string | null> {
  const r = await sql<{ project_id: string }>`select project_id::text as project_id from ${sql.table(SCHEDULE_TABLES.task)}
    where id = ${id} and if_del = 0`.execute(ctx.db);
  return r.rows[0]?.project_id ?? null;
}

export const scheduleTaskHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    const parent = idOf(row.parentId);
    if (parent) {
      const project = await projectOfTask(ctx, parent);
      // A parent the caller does not see is the engine's refusal (所选上级任务不存在或无权访问).
      if (project !== null && project !== String(row.projectId)) throw new FieldRefusal(SCHEDULE_MESSAGES.parentProject, 'parentId');
    }
    const today = todayCst();
    const start = dateOf(row.actualStart);
    const end = dateOf(row.actualEnd);
    if (end && !start) throw new FieldRefusal(SCHEDULE_MESSAGES.endWithoutStart, 'actualStart');
    if (start && start > today) throw new FieldRefusal(SCHEDULE_MESSAGES.startFuture, 'actualStart');
    if (end && end > today) throw new FieldRefusal(SCHEDULE_MESSAGES.endFuture, 'actualEnd');
    if (end && Number(row.progress ?? 0) < 100) throw new FieldRefusal(SCHEDULE_MESSAGES.endNotDone, 'progress');
    const id = idOf(row.id);
    if (action === 'update' && id) {
      const stored = await projectOfTask(ctx, id);
      if (stored !== null && stored !== String(row.projectId)) {
        const hanging = await sql<{ n: unknown }>`select
            (select count(*) from ${sql.table(SCHEDULE_TABLES.task)} where parent_id = ${id} and if_del = 0)
          + (select count(*) from ${sql.table(SCHEDULE_TABLES.dependency)} where (task_id = ${id} or predecessor_id = ${id}) and if_del = 0) as n`.execute(ctx.db);
        if (Number(hanging.rows[0]?.n ?? 0) > 0) throw new Refusal(SCHEDULE_MESSAGES.moved);
      }
    }
    return row;
  },

  async readRows(rows) {
    const today = todayCst();
    return rows.map((r) => ({ ...r, ...scheduleStatus(scheduleDatesOf(r), today) }));
  },
};

/** The dates and progress of a row of field names. */
export const scheduleDatesOf = (r: HookRow) => ({
  plannedStart: String(r.plannedStart ?? ''),
  plannedEnd: String(r.plannedEnd ?? ''),
  actualStart: dateOf(r.actualStart),
  actualEnd: dateOf(r.actualEnd),
  progress: r.progress === null || r.progress === undefined ? 0 : Number(r.progress),
});

export const scheduleDependencyHooks: EntityHooks = {
  async beforeWrite(row, ctx) {
    const task = idOf(row.taskId);
    const predecessor = idOf(row.predecessorId);
    if (!task || !predecessor) return row;
    if (task === predecessor) throw new FieldRefusal(SCHEDULE_MESSAGES.self, 'predecessorId');
    const self = idOf(row.id) ?? '0';
    const table = sql.table(SCHEDULE_TABLES.dependency);
    const repeated = await sql`select 1 from ${table} where task_id = ${task} and predecessor_id = ${predecessor} and id <> ${self} and if_del = 0 limit 1`.execute(ctx.db);
    if (repeated.rows.length > 0) throw new FieldRefusal(SCHEDULE_MESSAGES.repeated, 'predecessorId');
    // A cycle: the task is reached by walking back from the new predecessor through the stored links
    // (this row's own stored link left out, as it is being replaced).
    const cycle = await sql`with recursive up(id) as (
        select ${predecessor}::bigint
        union
        select d.predecessor_id::bigint from ${table} d join up on d.task_id = up.id where d.if_del = 0 and d.id <> ${self}
      ) select 1 from up where id = ${task}::bigint limit 1`.execute(ctx.db);
    if (cycle.rows.length > 0) throw new FieldRefusal(SCHEDULE_MESSAGES.cycle, 'predecessorId');
    return row;
  },
};
