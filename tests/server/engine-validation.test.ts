// The engine's pure pieces (docs/metadata.md): the ajv validators with Chinese messages in field order
// (§5.1), the list-parameter checks that keep filters out of SQL (architecture §5), the hook registry
// and the §5.3 upload checks. Entities come from schemas/ or, for rules the real schemas do not use
// yet, from a small fixture.
import { describe, expect, it } from 'vitest';
import type { ResolvedEntity } from '../../common/metadata/types';
import { BadRequest, FieldRefusal } from '../../server/engine/errors';
import { planList } from '../../server/engine/list-params';
import { buildModel } from '../../server/engine/model';
import { typeProblem, UPLOAD_RULES } from '../../server/engine/upload-rules';
import { compileValidator } from '../../server/engine/validator';
import { readWriteInput } from '../../server/engine/write-input';
import { hooksFor, registerEntityHooks } from '../../server/engine/extensions';
import { registerDomainHooks } from '../../server/hooks/registry';
import { catalog, entityModel, questionGroups, TEMPLATE, templatePayload } from './engine-support';

const codes = (name: string) => catalog.dictionaries.get(name)?.map((o) => o.xuHao);
const template = entityModel(TEMPLATE);
const createTemplate = compileValidator(template, 'create', codes);
const updateTemplate = compileValidator(template, 'update', codes);

/** The detail a payload is refused with, or 'ok'. */
function outcome(validate: typeof createTemplate, body: Record<string, unknown>, model = template): string {
  try {
    validate(readWriteInput(model, body));
    return 'ok';
  } catch (error) {
    if (error instanceof FieldRefusal) return error.detail;
    if (error instanceof BadRequest) return `400 ${error.reason}`;
    throw error;
  }
}

describe('template validation (§5.1)', () => {
  it('reports the first missing field in the §5.1 order', () => {
    const full = templatePayload({ project_id: '3' });
    const steps: Array<[string[], string]> = [
      [['device_type', 'project_id', 'description', 'content_name'], '请选择设备类型'],
      [['project_id', 'description', 'content_name'], '请选择项目名称'],
      [['description', 'content_name'], '请输入模板描述'],
      [['content_name'], '请输入模板名称'],
      [[], 'ok'],
    ];
    for (const [blank, expected] of steps) {
      const body = { ...full, ...Object.fromEntries(blank.map((k) => [k, ''])) };
      expect(outcome(createTemplate, body), blank.join()).toBe(expected);
      const absent = Object.fromEntries(Object.entries(full).filter(([k]) => !blank.includes(k)));
      expect(outcome(createTemplate, absent), `absent ${blank.join()}`).toBe(expected);
    }
  });

  it('counts lengths in characters and names the field in the message', () => {
    expect(outcome(createTemplate, templatePayload({ project_id: '3', content_name: '模'.repeat(100) }))).toBe('ok');
    expect(outcome(createTemplate, templatePayload({ project_id: '3', content_name: '模'.repeat(101) }))).toBe('模板名称不能超过100个字');
    expect(outcome(createTemplate, templatePayload({ project_id: '3', description: '述'.repeat(501) }))).toBe('模板描述不能超过500个字');
    expect(outcome(createTemplate, templatePayload({ project_id: '3', device_type: '塔'.repeat(51) }))).toBe('设备类型不能超过50个字');
  });

  it('checks question lists against their content schema, as JSON text or as arrays', () => {
    const ok = templatePayload({ project_id: '3' });
    expect(outcome(createTemplate, { ...ok, other_list: questionGroups('安全装置') })).toBe('ok');
    expect(outcome(createTemplate, { ...ok, other_list: '[{"typeName":' })).toBe('巡检内容格式不正确');
    expect(outcome(createTemplate, { ...ok, machinery_list: JSON.stringify([{ serNum: '1' }]) })).toBe('运行内容格式不正确');
    const noQuestion = [{ typeName: '电气', content: [{ answer: [] }] }];
    expect(outcome(createTemplate, { ...ok, repair_list: JSON.stringify(noQuestion) })).toBe('维修内容格式不正确');
    const badAnswer = [{ typeName: '电气', content: [{ question: '接地', answer: [{ value: '1' }] }] }];
    expect(outcome(createTemplate, { ...ok, maintain_list: badAnswer })).toBe('保养内容格式不正确');
  });

  it('accepts wire and field names, ignores envelope and readOnly fields, refuses unknown ones', () => {
    const values = createTemplate(readWriteInput(template, templatePayload({ project_id: '3', deviceType: '施工升降机' })));
    expect(values).toMatchObject({ deviceType: '施工升降机', projectId: '3', contentName: '塔吊日常巡检表', questionType: 1 });
    expect(values).not.toHaveProperty('projectName');
    expect(values).not.toHaveProperty('companyName');
    expect(values.otherList).toEqual(questionGroups('安全装置'));
    expect(outcome(createTemplate, { ...templatePayload({ project_id: '3' }), strWhere: '1=1' })).toBe('400 不支持的字段 strWhere');
  });

  it('answers wrong types as malformed (400), not as a rule message', () => {
    expect(outcome(createTemplate, templatePayload({ project_id: '3', question_limit: 'abc' }))).toBe('400 字段 question_limit 类型错误');
    expect(outcome(createTemplate, templatePayload({ project_id: 'x1' }))).toBe('400 字段 project_id 类型错误');
    expect(outcome(createTemplate, templatePayload({ project_id: '3', other_list: 5 }))).toBe('400 字段 other_list 类型错误');
    expect(() => readWriteInput(template, ['not', 'an', 'object'])).toThrow(BadRequest);
  });

  it('lets an update leave fields out but not blank out a required one', () => {
    expect(outcome(updateTemplate, { rec_id: '1', description: '新的描述' })).toBe('ok');
    expect(outcome(updateTemplate, { rec_id: '1', content_name: '  ' })).toBe('请输入模板名称');
    expect(outcome(updateTemplate, { rec_id: '1', device_type: null })).toBe('请选择设备类型');
  });

  it('applies defaults on create', () => {
    const values = createTemplate(readWriteInput(template, { device_type: '塔式起重机', project_id: '3', description: 'd', content_name: 'n' }));
    expect(values).toMatchObject({ questionLimit: 0, questionOrder: 0, questionType: 1 });
  });
});

/** Rules the shipped schemas do not all use: defaults and custom messages of every kind. */
const fixture: ResolvedEntity = {
  name: 'Fixture',
  title: '测试',
  table: 'fixture',
  api: { base: 'Fixture' },
  permission: { page: 'p', group: 'g' },
  scope: 'company',
  fields: [
    { name: 'id', type: 'id', title: '编号', column: 'id' },
    { name: 'phone', type: 'string', title: '联系电话', column: 'phone', format: 'mobile' },
    { name: 'status', type: 'string', title: '审核状态', column: 'status', dictionary: { type: 'auditStatus' }, maxLength: 1 },
    { name: 'count', type: 'integer', title: '数量', column: 'count', minimum: 1, maximum: 9 },
    { name: 'code', type: 'string', title: '编码', column: 'code', pattern: '^[A-Z]+$', minLength: 2 },
    { name: 'day', type: 'date', title: '日期', column: 'day' },
    { name: 'owner', type: 'string', title: '负责人', column: 'owner', required: true, messages: { required: '负责人必填' } },
  ],
};

describe('field rules and their default messages', () => {
  const model = buildModel(fixture);
  const validate = compileValidator(model, 'create', codes);
  const check = (body: Record<string, unknown>) => outcome(validate, { owner: '张伟', ...body }, model);

  it.each([
    [{ phone: '12345' }, '请输入正确的手机号码'],
    [{ status: '9' }, '审核状态的取值无效'],
    // A dictionary's codes are the rule: a long value outside them is not told it is too long.
    [{ status: '未审核的' }, '审核状态的取值无效'],
    [{ count: 0 }, '数量不能小于1'],
    [{ count: 10 }, '数量不能大于9'],
    [{ code: 'ab' }, '编码格式不正确'],
    [{ code: 'A' }, '编码不能少于2个字'],
    [{ day: '2025-02-29' }, '请输入正确的日期（YYYY-MM-DD）'],
    [{ owner: '' }, '负责人必填'],
    [{ phone: '13890510001', status: '2', count: 5, code: 'AB', day: '2024-02-29' }, 'ok'],
  ])('%j → %s', (body, expected) => {
    expect(check(body)).toBe(expected);
  });

  it('reports the earliest field when several fail', () => {
    expect(check({ count: 0, phone: '1', owner: '' })).toBe('请输入正确的手机号码');
  });
  it('refuses a JSON number or true/false for a text field (issue 23), but takes digits as text', () => {
    expect(check({ owner: 12345 })).toBe('400 字段 owner 类型错误');
    expect(check({ owner: true })).toBe('400 字段 owner 类型错误');
    expect(check({ phone: 13890510001 })).toBe('400 字段 phone 类型错误');
    expect(check({ code: 'AB', owner: '12345' })).toBe('ok');
  });

  it('stores a mobile number as its 11 digits and an ID number’s x as X (issue 23)', () => {
    const withId: ResolvedEntity = { ...fixture, fields: [...fixture.fields, { name: 'idNo', type: 'string', title: '身份证号', column: 'id_no', format: 'idCard', maxLength: 18 }] };
    const idModel = buildModel(withId);
    const write = compileValidator(idModel, 'create', codes);
    const values = write(readWriteInput(idModel, { owner: '张伟', phone: '+86 138-9051-0001', idNo: '44011320141005001x' }));
    expect(values).toMatchObject({ phone: '13890510001', idNo: '44011320141005001X' });
    for (const phone of ['0086 13890510001', '8613890510001', '138 9051 0001']) expect(check({ phone })).toBe('ok');
    expect(check({ phone: '+86 12890510001' })).toBe('请输入正确的手机号码');
  });
});

describe('list parameters (architecture §5: filters are data, never SQL)', () => {
  const refused = (params: Parameters<typeof planList>[1]) => {
    try {
      planList(template, params);
      return 'ok';
    } catch (error) {
      return (error as BadRequest).reason;
    }
  };

  it('accepts the operators of each field type and drops blank conditions', () => {
    const plan = planList(template, {
      filters: JSON.stringify([
        { field: 'deviceType', operator: 'in', value: ['塔式起重机', '施工升降机'] },
        { field: 'contentName', operator: 'contains', value: '日常' },
        { field: 'projectId', operator: 'eq', value: 3 },
        { field: 'questionLimit', operator: 'between', value: [0, 5] },
        { field: 'description', operator: 'contains', value: '' },
      ]),
    });
    expect(plan.filters.map((f) => [f.field.name, f.operator, f.value])).toEqual([
      ['deviceType', 'in', ['塔式起重机', '施工升降机']],
      ['contentName', 'contains', '日常'],
      ['projectId', 'eq', '3'],
      ['questionLimit', 'between', [0, 5]],
    ]);
    expect(plan).toMatchObject({ index: 0, size: 10, keyword: '', sort: { field: { name: 'id' }, order: 'desc' } });
  });

  it.each([
    [{ filters: '[{"field":"device_type; drop table x","operator":"eq","value":1}]' }, '不支持按字段 device_type; drop table x 筛选'],
    [{ filters: '[{"field":"projectId","operator":"contains","value":"1"}]' }, '字段 项目名称 不支持 contains 筛选'],
    [{ filters: '[{"field":"description","operator":"eq","value":"a"}]' }, '字段 模板描述 不支持 eq 筛选'],
    [{ filters: '[{"field":"otherList","operator":"contains","value":"a"}]' }, '字段 巡检内容 不支持 contains 筛选'],
    [{ filters: '[{"field":"questionLimit","operator":"between","value":[1]}]' }, '字段 题目限制 的筛选值无效'],
    [{ filters: '[{"field":"questionLimit","operator":"gte","value":"1 or 1=1"}]' }, '字段 题目限制 的筛选值无效'],
    [{ filters: '[{"field":"deviceType","operator":"eq","value":"a","sql":"1=1"}]' }, '筛选条件须为 {field, operator, value}'],
    [{ filters: 'deviceType = 1' }, '筛选条件不是有效的 JSON 数组'],
    [{ filters: '{"field":"deviceType"}' }, '筛选条件不是有效的 JSON 数组'],
    [{ sort: 'description:asc' }, '不支持按 description:asc 排序'],
    [{ sort: 'id:desc; drop table users' }, '不支持按 id:desc; drop table users 排序'],
  ])('refuses %j', (params, reason) => {
    expect(refused(params)).toBe(reason);
  });

  it('sorts by sortable fields and the key', () => {
    expect(planList(template, { sort: 'contentName:asc' }).sort).toMatchObject({ field: { name: 'contentName' }, order: 'asc' });
    expect(planList(template, { sort: 'id:asc' }).sort).toMatchObject({ field: { name: 'id' }, order: 'asc' });
  });
});

describe('hooks registry', () => {
  it('finds the named module and refuses an unknown name at start', () => {
    registerDomainHooks();
    expect(hooksFor({ name: 'InspectionTemplate', hooks: 'inspection-template' }).beforeWrite).toBeTypeOf('function');
    expect(hooksFor({ name: 'Plain' })).toEqual({});
    expect(() => hooksFor({ name: 'Broken', hooks: 'no-such-hook' })).toThrow('entity Broken: unknown hook "no-such-hook"');
    expect(() => hooksFor({ name: 'Broken', hooks: 'toString' })).toThrow('unknown hook');
    // A domain registers itself once; another module under a taken name stops the start.
    registerDomainHooks();
    expect(() => registerEntityHooks({ 'inspection-template': {} })).toThrow('entity hooks "inspection-template" is registered twice');
    expect(hooksFor({ name: 'Empty', hooks: 'inspection-template' }).beforeWrite).toBeTypeOf('function');
  });
});

describe('§5.3 upload types', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');

  it('checks the extension and the first bytes', () => {
    expect(typeProblem('image', 'a.PNG', png)).toBeNull();
    expect(typeProblem('image', 'a.png', exe)).toBe(UPLOAD_RULES.image.badType);
    expect(typeProblem('image', 'a.gif', Buffer.from('GIF89a'))).toBe('文件类型不合法，请上传png, jpg, jpeg格式文件');
    expect(typeProblem('file', 'a.gif', Buffer.from('GIF89a'))).toBeNull();
    expect(typeProblem('file', 'a.pdf', Buffer.from('%PDF-1.7'))).toBeNull();
    expect(typeProblem('file', 'a.txt', Buffer.from('巡检记录'))).toBeNull();
    expect(typeProblem('file', 'a.txt', exe)).toBe('文件格式不正确!');
    expect(typeProblem('file', 'a.exe', exe)).toBe('文件格式不正确!');
    expect(typeProblem('file', 'noextension', png)).toBe('文件格式不正确!');
  });
});
