// 设备记录 (docs/devices.md "Records"): 巡检, 运行, 开关箱, 维修 and 保养 records are filled in from the
// device's template (巡检模板, §3.3): the record's kind picks the template's list (otherList,
// machineryList, repairList, maintainList), every question of it is answered with one of its options, the
// server works out the result (不合格 when any answer is 不合格) and, in the record's transaction, opens a
// 整改单 (DeviceRectification) for a record with 不合格 answers. A record is not edited afterwards; it is
// deleted only while no open 整改单 hangs on it.
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { addDays, auditServerRow, DEVICE_TABLES, ledgerDevice, todayCst } from './shared';

/** Record entity → its kind (deviceRecordKind) and the template list it fills. */
export const RECORD_KINDS: Readonly<Record<string, { kind: string; list: string; label: string }>> = {
  InspRecord: { kind: 'inspection', list: 'other_list', label: '巡检' },
  MachineryRecord: { kind: 'machinery', list: 'machinery_list', label: '运行' },
  SwitchBoxRecord: { kind: 'switchBox', list: 'other_list', label: '开关箱检查' },
  RepairRecord: { kind: 'repair', list: 'repair_list', label: '维修' },
  MaintainRecord: { kind: 'maintain', list: 'maintain_list', label: '保养' },
};

export const FAIL_ANSWER = '不合格';
/** Days a 整改单 is given before it is due (整改期限). */
export const RECTIFY_DAYS = 7;

export const RECORD_MESSAGES = {
  device: '所选设备不存在或无权访问',
  template: '所选检查模板不存在或无权访问',
  templateType: (type: string) => `所选检查模板不是“${type}”的模板`,
  noTemplate: (type: string, label: string) => `设备类型“${type}”尚未设置${label}模板，请先在巡检模板中设置`,
  answersShape: '检查内容格式不正确',
  unanswered: (n: number, q: string) => `请回答第${n}项：${q}`,
  unknownQuestion: (q: string) => `检查内容与模板不一致：“${q.slice(0, 50)}”不是模板中的检查项`,
  twice: (q: string) => `检查项“${q.slice(0, 50)}”重复作答`,
  badAnswer: (n: number, a: string) => `第${n}项的答案“${a.slice(0, 20)}”不是可选项`,
  photo: (n: number) => `第${n}项的照片格式不正确`,
  remark: (n: number) => `第${n}项的说明不能超过200个字`,
  fixed: '记录提交后不能修改',
  openRectification: '该记录有未关闭的整改单，不能删除',
} as const;

type Question = { serNum: string; typeName: string; question: string; options: string[] };
export type Answer = { serNum: string; typeName: string; question: string; answer: string; photo?: string; remark?: string };

const PHOTO = /^\/prod-api\/api\/Upload\/File\/\d{1,18}$/;

const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

/** The questions of a template list (§3.3: groups of typeName, serNum, content[{question, answer[{name}]}]). */
export function questionsOf(list: unknown): Question[] {
  const groups = parseJson(list);
  if (!Array.isArray(groups)) return [];
  const out: Question[] = [];
  for (const g of groups as Array<Record<string, unknown>>) {
    const content = Array.isArray(g?.content) ? (g.content as Array<Record<string, unknown>>) : [];
    for (const c of content) {
      if (typeof c?.question !== 'string') continue;
      const options = Array.isArray(c.answer) ? (c.answer as Array<Record<string, unknown>>).map((a) => String(a?.name ?? '')).filter(Boolean) : [];
      out.push({ serNum: String(g.serNum ?? ''), typeName: String(g.typeName ?? ''), question: c.question, options });
    }
  }
  return out;
}

/** The sent answers checked against the template's questions, in the template's order; throws a Chinese refusal. */
export function checkAnswers(questions: readonly Question[], sent: unknown): Answer[] {
  const list = parseJson(sent);
  if (!Array.isArray(list) || list.some((a) => a === null || typeof a !== 'object' || Array.isArray(a))) throw new Refusal(RECORD_MESSAGES.answersShape);
  const byQuestion = new Map<string, Record<string, unknown>>();
  for (const a of list as Array<Record<string, unknown>>) {
    const q = typeof a.question === 'string' ? a.question : '';
    if (!questions.some((t) => t.question === q)) throw new Refusal(RECORD_MESSAGES.unknownQuestion(q));
    if (byQuestion.has(q)) throw new Refusal(RECORD_MESSAGES.twice(q));
    byQuestion.set(q, a);
  }
  return questions.map((t, i) => {
    const a = byQuestion.get(t.question);
    const answer = typeof a?.answer === 'string' ? a.answer.trim() : '';
    if (!a || answer === '') throw new Refusal(RECORD_MESSAGES.unanswered(i + 1, t.question));
    if (t.options.length > 0 ? !t.options.includes(answer) : answer.length > 200) throw new Refusal(RECORD_MESSAGES.badAnswer(i + 1, answer));
    const out: Answer = { serNum: t.serNum, typeName: t.typeName, question: t.question, answer };
    if (a.photo !== undefined && a.photo !== null && a.photo !== '') {
      if (typeof a.photo !== 'string' || !a.photo.split(',').every((p) => PHOTO.test(p))) throw new Refusal(RECORD_MESSAGES.photo(i + 1));
      out.photo = a.photo;
    }
    if (a.remark !== undefined && a.remark !== null && a.remark !== '') {
      if (typeof a.remark !== 'string' || a.remark.length > 200) throw new Refusal(RECORD_MESSAGES.remark(i + 1));
      out.remark = a.remark;
    }
    return out;
  });
}

export type Template = { id: string; content_name: string; device_type: string; list: unknown };

/** The template a record fills: the one named (of the device's type), else the newest with questions in this list. */
export async function templateFor(ctx: Pick<HookContext, 'db' | 'session'>, row: HookRow, deviceType: string, list: string, label: string): Promise<Template> {
  const table = sql.table(DEVICE_TABLES.template);
  const column = sql.ref(list);
  // The session's company and its parents, nearest first: a subsidiary uses the group's templates.
  const CHAIN = sql`up(id, parent_id, depth) as (select id, parent_id, 0 from companies where id = ${ctx.session.companyId}
    union all select c.id, c.parent_id, up.depth + 1 from companies c join up on c.id = up.parent_id where up.depth < 20)`;
  if (row.templateId !== undefined && row.templateId !== null && row.templateId !== '') {
    const found = await sql<Template>`with recursive ${CHAIN} select t.id::text, t.content_name, t.device_type, t.${column} as list from ${table} t
      join up on up.id = t.company_id where t.id = ${String(row.templateId)} and t.if_del = 0`.execute(ctx.db);
    const t = found.rows[0];
    if (!t) throw new Refusal(RECORD_MESSAGES.template);
    if (t.device_type !== deviceType) throw new Refusal(RECORD_MESSAGES.templateType(deviceType));
    return t;
  }
  // The newest template of the device's type with questions in this record's list.
  const found = await sql<Template>`with recursive ${CHAIN} select t.id::text, t.content_name, t.device_type, t.${column} as list from ${table} t
    join up on up.id = t.company_id where t.device_type = ${deviceType} and t.if_del = 0
      and t.${column} is not null and t.${column} not in ('', '[]') order by up.depth, t.id desc limit 1`.execute(ctx.db);
  const t = found.rows[0];
  if (!t) throw new Refusal(RECORD_MESSAGES.noTemplate(deviceType, label));
  return t;
}

const kindOf = (ctx: HookContext) => {
  const k = RECORD_KINDS[ctx.model.entity.name];
  if (!k) throw new Error(`device-record hook on unknown entity ${ctx.model.entity.name}`);
  return k;
};

export const deviceRecordHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    if (action !== 'create') throw new Refusal(RECORD_MESSAGES.fixed);
    const k = kindOf(ctx);
    const device = await ledgerDevice(ctx, row.deviceId, row.projectId);
    if (!device) throw new Refusal(RECORD_MESSAGES.device);
    const template = await templateFor(ctx, row, device.device_type, k.list, k.label);
    const questions = questionsOf(template.list);
    if (questions.length === 0) throw new Refusal(RECORD_MESSAGES.noTemplate(device.device_type, k.label));
    const answers = checkAnswers(questions, row.answers);
    const failed = answers.filter((a) => a.answer === FAIL_ANSWER).length;
    return {
      ...row,
      deviceNo: device.device_no,
      deviceName: device.device_name,
      deviceType: device.device_type,
      templateId: template.id,
      templateName: template.content_name,
      answers,
      failedCount: failed,
      result: failed > 0 ? '2' : '1',
      rectifyStatus: failed > 0 ? '1' : '0',
    };
  },

  async afterWrite(row, ctx, action) {
    if (action !== 'create' || Number(row.failedCount) === 0) return;
    const k = kindOf(ctx);
    const answers = (parseJson(row.answers) as Answer[]) ?? [];
    const problems = answers.filter((a) => a.answer === FAIL_ANSWER).map((a, i) => `${i + 1}. ${a.typeName ? `【${a.typeName}】` : ''}${a.question}${a.remark ? `（${a.remark}）` : ''}`).join('\n');
    const deadline = addDays(todayCst(), RECTIFY_DAYS);
    const opened = await sql<{ id: string }>`insert into ${sql.table(DEVICE_TABLES.rectification)} (company_id, created_by, record_kind, record_id, device_id, project_id, device_name, problems, deadline, status)
      values (${ctx.session.companyId}, ${ctx.session.user.id}, ${k.kind}, ${String(row.id)}, ${String(row.deviceId)}, ${String(row.projectId)},
        ${String(row.deviceName)}, ${problems.slice(0, 2000)}, ${deadline}, '1') returning id::text`.execute(ctx.db);
    await auditServerRow(ctx, 'DeviceRectification', opened.rows[0].id, {
      recordKind: k.kind, recordId: String(row.id), deviceName: String(row.deviceName), problems: problems.slice(0, 2000), deadline, status: '待整改',
    });
  },

  async checkChange(change) {
    if (change.action === 'update') throw new Refusal(RECORD_MESSAGES.fixed);
    if (change.action === 'delete' && change.before?.rectifyStatus === '1') throw new Refusal(RECORD_MESSAGES.openRectification);
  },
};
