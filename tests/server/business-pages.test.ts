// The JSON-only business pages of issue #4 (schemas/entities, pages and seeds of contracts, CRM, training,
// credentials, integrity, platform push, suppliers and organisation contacts) through the generic engine:
// seeded rows per scope, the spec's endpoint names (§7.4), Chinese refusals that change nothing, and
// create / edit / delete. Expected counts come from the seed files themselves.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRelativeDate } from '../../common/metadata/relative-dates';
import { API_BASE } from '../../common/constants';
import { buildModel } from '../../server/engine/model';
import { compileValidator } from '../../server/engine/validator';
import { readWriteInput } from '../../server/engine/write-input';
import { PROJECTS, USERS } from '../../server/seed/demo-data';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, enterMonitoring, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };
type SeedRow = Record<string, unknown> & { companyKey?: string; projectNo?: string };
type Bad = { patch: Record<string, unknown>; detail: string };
type Case = {
  entity: string;
  seed: string;
  /** A valid create body (wire names, as the pages send them), given ids resolved in the test. */
  valid: (ids: Ids) => Record<string, unknown>;
  bad: Bad[];
  edit: Record<string, unknown>;
};
type Ids = { project: string; customer: string; session: string };

const seedRows = (file: string): SeedRow[] => (JSON.parse(readFileSync(`schemas/seed/${file}.json`, 'utf8')) as { rows: SeedRow[] }).rows;
const scopeOf = (entity: string) => catalog.entities.get(entity)!.scope;

const CASES: Case[] = [
  {
    entity: 'Contract',
    seed: 'contract',
    valid: ({ project }) => ({
      contract_no: 'NJJG-FB-2025-T01', contract_name: '甜城湖项目防水工程专业分包合同', contract_type: '2', project_id: project,
      party_a: '内江建工建筑工程有限公司', party_b: '四川蜀羊防水工程有限公司', amount: 2386500.5, sign_date: '2025-07-01',
      start_date: '2025-07-05', end_date: '2025-12-31', status: '1', handler: '张伟', payment_terms: '按月支付已完工程量的80%',
    }),
    bad: [
      { patch: { contract_name: '' }, detail: '请输入合同名称' },
      { patch: { contract_no: 'HT 001' }, detail: '合同编号只能包含字母、数字、短横线、下划线、斜杠或括号' },
      { patch: { contract_type: '42' }, detail: '请选择正确的合同类型' },
      { patch: { amount: -1 }, detail: '合同金额不能小于0' },
      { patch: { sign_date: '2025-02-30' }, detail: '签订日期格式不正确' },
      { patch: { handler: 'Zhang' }, detail: '经办人姓名须为2-16个汉字' },
    ],
    edit: { status: '2', amount: 2400000 },
  },
  {
    entity: 'CrmCustomer',
    seed: 'crm-customer',
    valid: () => ({
      customer_name: '内江市城市更新投资有限公司', customer_type: '3', industry: '6', level: 'A', contact_name: '罗建华',
      contact_mobile: '13908321234', address: '内江市市中区大千路', source: '6', owner: '陈涛', status: '2',
    }),
    bad: [
      { patch: { customer_name: undefined }, detail: '请输入客户名称' },
      { patch: { contact_mobile: '1390832123' }, detail: '请输入正确的手机号码' },
      { patch: { level: 'D' }, detail: '请选择正确的客户等级' },
      { patch: { owner: '' }, detail: '请输入客户经理' },
    ],
    edit: { level: 'B', status: '3' },
  },
  {
    entity: 'CrmVisit',
    seed: 'crm-visit',
    valid: ({ customer }) => ({
      customer_id: customer, visit_date: '2025-07-15', visit_mode: '1', visitor: '陈涛', receiver: '罗建平（工程部经理）',
      content: '沟通三期安置房招标计划', next_plan: '准备资格预审资料', next_date: '2025-08-01',
    }),
    bad: [
      { patch: { content: '' }, detail: '请输入拜访内容' },
      { patch: { customer_id: 'abc' }, detail: '请选择正确的客户' },
      { patch: { visitor: 'chen' }, detail: '拜访人姓名须为2-16个汉字' },
    ],
    edit: { visit_mode: '2', next_date: '2025-08-08' },
  },
  {
    entity: 'TrainingSession',
    seed: 'training-session',
    valid: ({ project }) => ({
      title: '脚手架搭设专项技术交底', training_type: '3', project_id: project, trainer: '何建', training_date: '2025-07-16',
      hours: 2, location: '5#楼北侧', attendee_count: 18, content: '连墙件设置、剪刀撑搭设、验收挂牌',
    }),
    bad: [
      { patch: { trainer: '' }, detail: '请输入培训讲师' },
      { patch: { hours: 0 }, detail: '培训学时不能小于0.5' },
      { patch: { attendee_count: 0 }, detail: '参训人数不能小于1' },
      { patch: { project_id: '' }, detail: '请选择所属项目' },
    ],
    edit: { hours: 3.5, attendee_count: 20 },
  },
  {
    entity: 'TrainingAttendee',
    seed: 'training-attendee',
    valid: ({ project, session: s }) => ({
      session_id: s, project_id: project, worker_name: '王小军', id_card_no: '511002199001013212', job_type: '04', hours: 24,
      score: 86, passed: true, signed: true,
    }),
    bad: [
      { patch: { id_card_no: '51100219900101' }, detail: '请输入正确的身份证号码' },
      { patch: { worker_name: 'W' }, detail: '姓名须为2-16个汉字' },
      { patch: { score: 101 }, detail: '考核成绩不能大于100' },
      { patch: { session_id: '' }, detail: '请选择培训记录' },
    ],
    edit: { score: 59, passed: false },
  },
  {
    entity: 'Qualification',
    seed: 'qualification',
    valid: () => ({
      qual_name: '电力工程施工总承包叁级', category: '1', grade: '3', certificate_no: 'D351099871', authority: '内江市住房和城乡建设局',
      issue_date: '2025-03-01', expiry_date: '2030-02-28', status: '1',
    }),
    bad: [
      { patch: { certificate_no: '' }, detail: '请输入证书编号' },
      { patch: { certificate_no: 'D35 1099' }, detail: '证书编号只能包含汉字、字母、数字、短横线或括号（含〔〕）' },
      { patch: { grade: '9' }, detail: '请选择正确的资质等级' },
      { patch: { expiry_date: '2030/02/28' }, detail: '有效期截止日期格式不正确' },
    ],
    edit: { status: '2', expiry_date: '2030-03-31' },
  },
  {
    entity: 'BuilderLicence',
    seed: 'builder-licence',
    valid: ({ project }) => ({
      project_id: project, licence_no: '511002202507150101', builder_unit: '内江市甜城湖建设开发有限公司',
      construction_unit: '内江建工建筑工程有限公司', scale: '甜城湖片区棚改三期：12#-14#住宅楼', building_area: 39860.5,
      contract_price: 61280000, issue_date: '2025-07-15', authority: '内江市市中区住房和城乡建设局',
    }),
    bad: [
      { patch: { licence_no: '许可证1' }, detail: '施工许可证编号须为6-30位字母、数字或短横线' },
      { patch: { contract_price: -5 }, detail: '合同价格不能小于0' },
      { patch: { scale: '' }, detail: '请输入建设规模' },
    ],
    edit: { contract_price: 61500000 },
  },
  {
    entity: 'CompletionCheck',
    seed: 'completion-check',
    valid: ({ project }) => ({
      project_id: project, check_name: '甜城湖片区棚改一期5#住宅楼单位工程竣工验收', check_date: '2025-07-15',
      participants: '建设单位：内江市甜城湖建设开发有限公司、施工单位：内江建工建筑工程有限公司', conclusion: '1',
    }),
    bad: [
      { patch: { conclusion: '3' }, detail: '请选择正确的验收结论' },
      { patch: { participants: '' }, detail: '请输入参验单位' },
      { patch: { filing_no: '备案 01' }, detail: '竣工验收备案号只能包含汉字、字母、数字、短横线或括号' },
    ],
    edit: { filing_no: '5110022025JY0715001', filing_date: '2025-07-28' },
  },
  {
    entity: 'IntegrityEvaluation',
    seed: 'integrity-evaluation',
    valid: ({ project }) => ({
      unit_name: '四川蜀羊防水工程有限公司', unit_type: '1', project_id: project, eval_year: 2025, eval_period: '2', score: 88,
      grade: 'AA', evaluator: '刘洋', evaluation_date: '2025-07-15', good_record: '防水施工一次验收合格',
    }),
    bad: [
      { patch: { score: 120 }, detail: '评价得分不能大于100' },
      { patch: { grade: 'D' }, detail: '请选择正确的信用等级' },
      { patch: { eval_year: 1999 }, detail: '评价年度不能早于2000年' },
    ],
    edit: { score: 79.5, grade: 'A', bad_record: '材料进场报验不及时' },
  },
  {
    entity: 'Blacklist',
    seed: 'blacklist',
    valid: () => ({
      subject_type: '1', subject_name: '四川某某建筑劳务有限公司', cert_no: '91511000MA62A1B2C3', reason: '恶意拖欠农民工工资',
      listed_date: '2025-07-15', authority: '内江市人力资源和社会保障局', status: '1',
    }),
    bad: [
      { patch: { cert_no: '12345' }, detail: '请输入正确的统一社会信用代码（18位）或身份证号码' },
      { patch: { reason: '' }, detail: '请输入列入原因' },
      { patch: { subject_type: '3' }, detail: '请选择正确的主体类型' },
    ],
    edit: { status: '2', release_date: '2026-07-15' },
  },
  {
    entity: 'PushConfig',
    seed: 'push-config',
    valid: ({ project }) => ({
      config_name: '甜城湖棚改-车辆出入推送内江智慧工地平台', project_id: project, platform: '2', data_type: '7',
      platform_project_code: 'NJZHGD2024001', endpoint_url: 'https://zhgd.neijiang.gov.cn/openapi/vehicle/upload',
      app_key: 'a1b2c3d4e5f60718', enabled: true, interval_minutes: 5,
    }),
    bad: [
      { patch: { endpoint_url: 'ftp://zhgd.neijiang.gov.cn/upload' }, detail: '接口地址须以http://或https://开头' },
      { patch: { interval_minutes: 0 }, detail: '推送间隔不能小于1分钟' },
      { patch: { app_key: 'abc' }, detail: 'AppKey须为8-64位字母或数字' },
      { patch: { data_type: undefined }, detail: '请选择数据类型' },
    ],
    edit: { enabled: false, interval_minutes: 30 },
  },
  {
    entity: 'Supplier',
    seed: 'supplier',
    valid: () => ({
      supplier_name: '四川蜀羊防水材料有限公司', credit_code: '91510100MA6CXK3L8R', supplier_type: '1', main_business: 'SBS改性沥青防水卷材',
      contact_name: '杨帆', contact_mobile: '13880123456', address: '成都市新津区五津街道', rating: 'B',
    }),
    bad: [
      { patch: { credit_code: '91510100MA6CXK3L8' }, detail: '请输入正确的统一社会信用代码（18位数字或大写字母）' },
      { patch: { contact_mobile: '0832-2201234' }, detail: '请输入正确的手机号码' },
      { patch: { supplier_type: undefined }, detail: '请选择供应商类型' },
    ],
    edit: { rating: 'A' },
  },
  {
    entity: 'OrgContact',
    seed: 'org-contact',
    valid: () => ({
      contact_name: '杨晓红', department: '综合办公室', position: '资料员', mobile: '13890510166', landline: '0832-2201234',
      email: 'yangxh@njjg.com.cn', is_primary: false,
    }),
    bad: [
      { patch: { landline: '12-34' }, detail: '请输入正确的固定电话，如：0832-2201234、010-12345678-1234' },
      { patch: { email: 'yangxh@' }, detail: '请输入正确的邮箱地址' },
      { patch: { position: '' }, detail: '请输入职务' },
    ],
    edit: { position: '行政主管', is_primary: true },
  },
];

const SEARCH_ONLY = { entity: 'PushRecord', seed: 'push-record' };
const ALL = [...CASES.map((c) => ({ entity: c.entity, seed: c.seed })), SEARCH_ONLY];

/** Projects a company key's subtree holds (demo data: group is the parent of road, build, concrete). */
const projectsOf = (key: string) =>
  new Set(PROJECTS.filter((p) => p.company === key || (key === 'group' && ['road', 'build', 'concrete', 'group'].includes(p.company))).map((p) => p.no));

/** The seed rows a session of a company (and project set) sees under the entity's scope. */
function expectedRows(entity: string, seed: string, company: string, projects: Set<string>): SeedRow[] {
  const rows = seedRows(seed);
  return scopeOf(entity) === 'company' ? rows.filter((r) => r.companyKey === company) : rows.filter((r) => projects.has(r.projectNo!));
}

let app: FastifyInstance;
let admin: string;
let ids: Ids;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  const project = await projectId(app, admin, 'NJJG-2024-001');
  const customers = await list('CrmCustomer', admin);
  const sessions = await list('TrainingSession', admin);
  ids = {
    project,
    customer: customers.find((c) => c.customerName === '内江市甜城湖建设开发有限公司')!.id,
    session: sessions.find((s) => s.projectId === project)!.id,
  };
});
afterAll(async () => {
  await app.close();
});

async function list(entity: string, token: string, query: Record<string, string | number> = {}): Promise<Row[]> {
  const reply = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 500, ...query } });
  if (reply.body.status !== 1) throw new Error(`${entity}: ${JSON.stringify(reply.body)}`);
  return reply.body.data!;
}
const count = async (entity: string, token = admin) => (await list(entity, token)).length;

describe('seed rows', () => {
  it.each(ALL)('$entity has at least 20 demo rows that pass its own rules', ({ entity, seed }) => {
    const rows = seedRows(seed);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const model = buildModel(catalog.entities.get(entity)!);
    const validate = compileValidator(model, 'create', (name) => catalog.dictionaries.get(name)?.map((o) => o.xuHao));
    for (const { companyKey: _c, projectNo, ...values } of rows) {
      const projectField = model.fields.find((f) => f.type === 'project');
      // Relative dates ($today-30d) are what the seeding resolves them to (common/metadata/relative-dates.ts).
      const dated = Object.fromEntries(Object.entries(values).map(([k, v]) => {
        const type = model.byName.get(k)?.type;
        return [k, type === 'date' || type === 'datetime' ? resolveRelativeDate(v, type) : v];
      }));
      const body = projectField && projectNo ? { ...dated, [projectField.name]: '1' } : dated;
      expect(() => validate(readWriteInput(model, body)), JSON.stringify(values)).not.toThrow();
    }
  });

  it('links point at rows of the same company or project (visits → customers, attendees → sessions, records → configs)', async () => {
    const customers = new Set((await list('CrmCustomer', admin)).map((c) => c.id));
    for (const v of await list('CrmVisit', admin)) expect(customers.has(v.customerId as string)).toBe(true);
    const sessions = new Map((await list('TrainingSession', admin)).map((s) => [s.id, s]));
    for (const a of await list('TrainingAttendee', admin)) expect(sessions.get(a.sessionId as string)?.projectId).toBe(a.projectId);
    const configs = new Map((await list('PushConfig', admin)).map((c) => [c.id, c]));
    for (const r of await list('PushRecord', admin)) {
      expect(configs.get(r.configId as string)).toMatchObject({ projectId: r.projectId, platform: r.platform, dataType: r.dataType });
    }
  });
});

describe('lists and scope', () => {
  it.each(ALL)('qiye01 lists the $entity rows of its company or its projects', async ({ entity, seed }) => {
    const rows = await list(entity, admin);
    expect(rows.length).toBe(expectedRows(entity, seed, 'group', projectsOf('group')).length);
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(ALL)('monitoring 华鼎 shows only its $entity rows; the group rows are out of reach', async ({ entity, seed }) => {
    const { token, result } = await session(app, 'duogongsi');
    await enterMonitoring(app, token, result, '内江华鼎商品混凝土有限公司');
    const rows = await list(entity, token);
    expect(rows.length).toBe(expectedRows(entity, seed, 'concrete', projectsOf('concrete')).length);
    const own = new Set(rows.map((r) => r.id));
    const hidden = (await list(entity, admin)).find((r) => !own.has(r.id))!;
    const detail = await call(app, 'GET', endpoint(entity, 'detail'), { token, query: { rec_id: hidden.id } });
    expect(detail.body).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
  });

  it('project rows: xiangmu01 sees only the rows of its three projects', async () => {
    const { token } = await session(app, 'xiangmu01');
    const mine = new Set(USERS.find((u) => u.userName === 'xiangmu01')!.projects);
    for (const { entity, seed } of ALL.filter((c) => scopeOf(c.entity) === 'project')) {
      const rows = await list(entity, token);
      expect(rows.length, entity).toBe(expectedRows(entity, seed, 'build', mine).length);
      expect(rows.length, entity).toBeLessThan(await count(entity));
    }
  });

  it('jianguan01 sees the credential and integrity rows of projects in 内江 (511000) and its own blacklist', async () => {
    const { token } = await session(app, 'jianguan01');
    const inArea = new Set(PROJECTS.filter((p) => p.area.startsWith('5110')).map((p) => p.no));
    for (const { entity, seed } of ALL.filter((c) => ['BuilderLicence', 'CompletionCheck', 'IntegrityEvaluation', 'Blacklist', 'Qualification'].includes(c.entity))) {
      const rows = await list(entity, token);
      expect(rows.length, entity).toBe(expectedRows(entity, seed, 'government', inArea).length);
    }
    expect((await list('BuilderLicence', token)).every((r) => !String(r.licenceNo).startsWith('510304'))).toBe(true);
    const contracts = await call(app, 'GET', endpoint('Contract', 'list'), { token, query: { index: 0, size: 10 } });
    expect(contracts.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
  });

  it('a role without these pages is refused (xiangmu02 holds only the roster area)', async () => {
    const { token } = await session(app, 'xiangmu02');
    for (const { entity } of ALL) {
      const reply = await call(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 10 } });
      expect(reply.body, entity).toEqual({ status: 0, code: 402, detail: '没有权限' });
    }
  });

  it.each(CASES)('qiye02 may search $entity but not add: 402 and nothing changes', async ({ entity, valid }) => {
    const { token } = await session(app, 'qiye02');
    const before = await count(entity);
    expect(await count(entity, token)).toBe(before);
    const reply = await call(app, 'POST', endpoint(entity, 'create'), { token, body: valid(ids) });
    expect(reply.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    expect(await count(entity)).toBe(before);
  });

  it('money is answered as a number and the project and company as names in labels', async () => {
    const [contract] = await list('Contract', admin, { filters: JSON.stringify([{ field: 'contractNo', operator: 'eq', value: 'NJJG-HT-2024-0012' }]) });
    expect(contract).toMatchObject({ amount: 386520000, contractType: '1', labels: { projectId: '甜城湖片区棚户区改造项目' } });
    const qualification = (await list('Qualification', admin))[0];
    expect(qualification.labels).toEqual({ companyId: '内江建工集团有限公司' });
  });

  it('date ranges and dictionary codes filter the lists', async () => {
    const visits = await list('CrmVisit', admin, {
      filters: JSON.stringify([{ field: 'visitDate', operator: 'between', value: ['2025-06-01', '2025-06-30'] }]),
    });
    expect(visits.length).toBeGreaterThan(0);
    for (const v of visits) expect(String(v.visitDate) >= '2025-06-01' && String(v.visitDate) <= '2025-06-30').toBe(true);
    const failed = await list('PushRecord', admin, { filters: JSON.stringify([{ field: 'uploadStatus', operator: 'eq', value: '2' }]) });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.uploadStatus === '2')).toBe(true);
  });
});

describe('bad input gets the Chinese message and changes nothing', () => {
  const cases = CASES.flatMap((c) => c.bad.map((b) => ({ ...b, entity: c.entity, valid: c.valid })));
  it.each(cases)('$entity: $detail', async ({ entity, valid, patch, detail }) => {
    const before = await count(entity);
    const body: Record<string, unknown> = { ...valid(ids), ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete body[k];
    const reply = await call(app, 'POST', endpoint(entity, 'create'), { token: admin, body });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 0, detail });
    expect(await count(entity)).toBe(before);
  });
});

describe('create, edit and delete', () => {
  it.each(CASES)('$entity', async ({ entity, valid, edit }) => {
    const before = await count(entity);
    const created = await call<Row>(app, 'POST', endpoint(entity, 'create'), { token: admin, body: valid(ids) });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const row = created.body.data!;
    expect(row.id).toMatch(/^\d+$/);
    expect(await count(entity)).toBe(before + 1);

    const updated = await call<Row>(app, 'POST', endpoint(entity, 'update'), { token: admin, body: { rec_id: row.id, ...edit } });
    expect(updated.body.status, JSON.stringify(updated.body)).toBe(1);
    const model = buildModel(catalog.entities.get(entity)!);
    for (const [wire, value] of Object.entries(edit)) expect(updated.body.data![model.byInput.get(wire)!.name]).toEqual(value);

    const removed = await call(app, 'POST', endpoint(entity, 'delete'), { token: admin, body: { rec_id: row.id } });
    expect(removed.body.status).toBe(1);
    expect(await count(entity)).toBe(before);
    const gone = await call(app, 'GET', endpoint(entity, 'detail'), { token: admin, query: { rec_id: row.id } });
    expect(gone.body).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
  });

  it('the holder of a qualification and the unit of a contact are the session company, whatever is sent', async () => {
    const group = (await list('Qualification', admin))[0].companyId;
    for (const c of CASES.filter((x) => x.entity === 'Qualification' || x.entity === 'OrgContact')) {
      const body = { ...c.valid(ids), company_id: '999' };
      const created = await call<Row>(app, 'POST', endpoint(c.entity, 'create'), { token: admin, body });
      expect(created.body.data).toMatchObject({ companyId: group, labels: { companyId: '内江建工集团有限公司' } });
      await call(app, 'POST', endpoint(c.entity, 'delete'), { token: admin, body: { rec_id: created.body.data!.id } });
    }
  });

  it('push records are written by the platform: the page has no add, edit or delete button, so the server refuses them', async () => {
    const before = await count('PushRecord');
    const [first] = await list('PushRecord', admin);
    const body = { config_id: first.configId, project_id: first.projectId, platform: '2', data_type: '3', push_time: '2025-07-15 12:00:00', record_count: 1 };
    for (const reply of [
      await call(app, 'POST', endpoint('PushRecord', 'create'), { token: admin, body }),
      await call(app, 'POST', endpoint('PushRecord', 'update'), { token: admin, body: { rec_id: first.id, upload_status: '1' } }),
      await call(app, 'POST', endpoint('PushRecord', 'delete'), { token: admin, body: { rec_id: first.id } }),
    ]) {
      expect(reply.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    }
    expect(await count('PushRecord')).toBe(before);
    expect((await list('PushRecord', admin)).find((r) => r.id === first.id)).toEqual(first);
  });
});

describe('endpoint names of the spec (§7.4)', () => {
  const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;

  it.each([
    { base: 'Qualification', entity: 'Qualification', edit: { status: '3' } },
    { base: 'BuilderLicence', entity: 'BuilderLicence', edit: { authority: '内江市住房和城乡建设局' } },
    { base: 'CompletionCheck', entity: 'CompletionCheck', edit: { conclusion: '2' } },
  ])('$base answers createData, queryDataByWhere and updateData', async ({ base, entity, edit }) => {
    const valid = CASES.find((c) => c.entity === entity)!.valid(ids);
    const created = await call<Row>(app, 'POST', api(base, 'createData'), { token: admin, body: valid });
    expect(created.body.status).toBe(1);
    const listed = await call<Row[]>(app, 'GET', api(base, 'queryDataByWhere'), { token: admin, query: { index: 0, size: 500 } });
    expect(listed.body.data!.some((r) => r.id === created.body.data!.id)).toBe(true);
    const updated = await call<Row>(app, 'POST', api(base, 'updateData'), { token: admin, body: { rec_id: created.body.data!.id, ...edit } });
    expect(updated.body).toMatchObject({ status: 1, data: edit });
  });

  it('suppliers: Supply, GetSupplys and DeleteSupply; contacts: UpdateOrgContactor', async () => {
    const supplier = CASES.find((c) => c.entity === 'Supplier')!.valid(ids);
    const created = await call<Row>(app, 'POST', api('OrgSupply', 'Supply'), { token: admin, body: supplier });
    expect(created.body.status).toBe(1);
    const names = async () => (await call<Row[]>(app, 'GET', api('OrgSupply', 'GetSupplys'), { token: admin, query: { index: 0, size: 500 } })).body.data!.map((r) => r.supplierName);
    expect(await names()).toContain('四川蜀羊防水材料有限公司');
    const removed = await call(app, 'POST', api('OrgSupply', 'DeleteSupply'), { token: admin, body: { rec_id: created.body.data!.id } });
    expect(removed.body.status).toBe(1);
    expect(await names()).not.toContain('四川蜀羊防水材料有限公司');

    const [contact] = await list('OrgContact', admin);
    const updated = await call<Row>(app, 'POST', api('OrgContactor', 'UpdateOrgContactor'), { token: admin, body: { rec_id: contact.id, landline: '0832-2209999' } });
    expect(updated.body).toMatchObject({ status: 1, data: { id: contact.id, contactName: contact.contactName, landline: '0832-2209999' } });
  });

  it('contracts export to an .xlsx file named after the page', async () => {
    const reply = await call(app, 'GET', endpoint('Contract', 'export'), { token: admin });
    expect(reply.status).toBe(200);
    expect(String(reply.raw.headers['content-disposition'])).toContain(encodeURIComponent('合同台账'));
    expect(reply.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
