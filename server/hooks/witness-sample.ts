// 见证取样 (docs/witness-sampling.md): a project records a sample taken under a witness (取样人, 见证人, 封样编号),
// sends it to a testing institution (检测机构, company type 14), the institution receives it and issues its
// report (报告编号, 检测项目 and values as the sample's children, 合格 / 不合格). An unqualified report raises an
// alarm (monitor_alarm, kind 检测不合格) in the report's own transaction, so the warning screens and the
// project's alarm list show it at once; a refusal here undoes the move.
import { sql } from 'kysely';
import { dateTimeMillis } from '../../common/metadata/datetime';
import { FieldRefusal, Refusal } from '../engine/errors';
import { stateLabel } from './concrete-plant/shared';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks, HookContext, HookRow } from '../engine/hook-types';

export const TESTING_MESSAGES = {
  sampledFuture: '取样时间不能晚于当前时间',
  sentBeforeSampled: '送检时间不能早于取样时间',
  sentFuture: '送检时间不能晚于当前时间',
  reportFuture: '报告日期不能晚于今天',
  reportBeforeSent: '报告日期不能早于送检日期',
  noItems: '请先录入检测项目再出具报告',
  itemFailed: (item: string) => `检测项目“${item}”不合格，检测结论不能为合格`,
  reported: '检测报告已出具，不能修改检测项目',
} as const;

const UNQUALIFIED = '2';
/** Structural materials (混凝土试块, 钢筋 and its joints) alarm at the higher level. */
const STRUCTURAL = new Set(['1', '2', '6', '7']);

/** Milliseconds of a datetime value: a Date, or a text read as CST when zoneless. */
const time = (v: unknown): number | undefined => (v instanceof Date ? v.getTime() : typeof v === 'string' ? (dateTimeMillis(v) ?? undefined) : undefined);
/** A CST calendar date (YYYY-MM-DD) of a time. */
const cstDate = (ms: number): string => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const dateText = (v: unknown): string | undefined => (v instanceof Date ? cstDate(v.getTime()) : typeof v === 'string' ? v.slice(0, 10) : undefined);

async function sampleStatus(ctx: HookContext, sampleId: unknown): Promise<string | undefined> {
  if (sampleId === undefined || sampleId === null) return undefined;
  const row = await sql<{ status: string }>`select status from witness_sample where id = ${String(sampleId)} and if_del = 0`.execute(ctx.db);
  return row.rows[0]?.status;
}

function checkSend(before: HookRow, values: HookRow): void {
  const sent = time(values.sentAt);
  if (sent === undefined) return;
  if (sent > Date.now() + 60_000) throw new FieldRefusal(TESTING_MESSAGES.sentFuture, 'sentAt');
  const sampled = time(before.sampledAt);
  if (sampled !== undefined && sent < sampled) throw new FieldRefusal(TESTING_MESSAGES.sentBeforeSampled, 'sentAt');
}

function checkReportDate(before: HookRow, values: HookRow): void {
  const date = dateText(values.reportDate);
  if (!date) return;
  if (date > cstDate(Date.now())) throw new FieldRefusal(TESTING_MESSAGES.reportFuture, 'reportDate');
  const sent = time(before.sentAt);
  if (sent !== undefined && date < cstDate(sent)) throw new FieldRefusal(TESTING_MESSAGES.reportBeforeSent, 'reportDate');
}

/** 见证取样 and its 检测项目. */
export const witnessSampleHooks: EntityHooks = {
  async checkChange(change, ctx) {
    if (ctx.model.entity.name === 'SampleTestItem') {
      const status = await sampleStatus(ctx, change.values.sampleId ?? change.before?.sampleId);
      if (status === '4') throw new Refusal(TESTING_MESSAGES.reported);
      return;
    }
    if (change.action === 'create' || change.action === 'update') {
      const sampled = time(change.values.sampledAt);
      if (sampled !== undefined && sampled > Date.now() + 60_000) throw new FieldRefusal(TESTING_MESSAGES.sampledFuture, 'sampledAt');
    }
    if (change.action === 'transition' && change.before) {
      if (change.transition === 'send') checkSend(change.before, change.values);
      if (change.transition === 'report') checkReportDate(change.before, change.values);
    }
  },
};

/**
 * 出具报告: the sample must have its test items, a 合格 report none that failed; an unqualified report opens
 * a 检测不合格 alarm of the sample's project, in the move's transaction.
 */
export const sampleReportHook: TransitionHook = async (change, ctx) => {
  const items = await sql<{ item_name: string; item_conclusion: string | null }>`
    select item_name, item_conclusion from sample_test_item where sample_id = ${change.id} and if_del = 0 order by seq, id`.execute(ctx.db);
  if (items.rows.length === 0) throw new Refusal(TESTING_MESSAGES.noItems);
  const conclusion = String(change.values.conclusion ?? '');
  const failed = items.rows.find((i) => i.item_conclusion === UNQUALIFIED);
  if (conclusion !== UNQUALIFIED && failed) throw new FieldRefusal(TESTING_MESSAGES.itemFailed(failed.item_name), 'conclusion');
  if (conclusion !== UNQUALIFIED) return;
  const s = change.before;
  const material = stateLabel(ctx, 'sampleMaterial', s.materialKind);
  const institution = stateLabel(ctx, 'testingInstitution', s.institution);
  const failedItems = items.rows.filter((i) => i.item_conclusion === UNQUALIFIED).map((i) => i.item_name);
  const what = failedItems.length > 0 ? `，不合格项：${failedItems.join('、')}` : '';
  const message = `${material}样品${String(s.sampleNo)}（${String(s.location)}）检测不合格，报告${String(change.values.reportNo)}${institution ? `，${institution}` : ''}${what}`.slice(0, 200);
  await sql`
    insert into monitor_alarm (company_id, project_id, device_code, alarm_time, alarm_kind, alarm_level, message, handled)
    select company_id, project_id, sample_no, now(), 'sampleFail', ${STRUCTURAL.has(String(s.materialKind)) ? '1' : '2'}, ${message}, false
    from witness_sample where id = ${change.id}`.execute(ctx.db);
};
