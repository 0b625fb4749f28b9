// Schema → Formily: components from the one field-type table, required messages, the shared §5.5 format
// checks, lengths, grid spans, the question lists' own editor (by content kind), search fields.
import { describe, expect, it } from 'vitest';
import type { ISchema } from '@formily/react';
import { DICTIONARY_COMPONENT, FIELD_TYPES } from '../../../common/field-types';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { FORMATS } from '../../../common/validators';
import { isRegistered } from '../../../src/engine/components/registry';
import { buildDetailSchema, buildFormSchema, fieldSchema } from '../../../src/engine/schema/form-schema';
import type { Rule } from '../../../src/engine/schema/field-rules';
import { toFormValues, toPayload } from '../../../src/engine/schema/form-values';
import { buildSearchSchema, searchToQuery } from '../../../src/engine/schema/search-schema';
import { loadTemplatePage } from './engine-fixtures';

const gridFields = (s: ISchema) => ((s.properties as Record<string, ISchema>).grid.properties ?? {}) as Record<string, ISchema>;
const rules = (s: ISchema) => (s['x-validator'] ?? []) as Rule[];

describe('form schema of the inspection template', () => {
  it('maps each field to its component, placeholder, span and required message, in §5.1 order', async () => {
    const { page, entity } = await loadTemplatePage();
    const fields = gridFields(buildFormSchema(page, entity));
    expect(Object.keys(fields).slice(0, 4)).toEqual(['deviceType', 'projectId', 'description', 'contentName']);
    expect(fields.deviceType['x-component']).toBe(DICTIONARY_COMPONENT);
    expect(fields.deviceType['x-component-props']).toMatchObject({ dictionary: { table: 'routInspManage', field: 'DeviceType' }, placeholder: '请选择设备类型' });
    expect(fields.projectId['x-component']).toBe(FIELD_TYPES.project.component);
    expect(fields.description['x-component']).toBe(FIELD_TYPES.text.component);
    expect(fields.contentName['x-component']).toBe(FIELD_TYPES.string.component);
    expect(fields.description['x-decorator-props']).toMatchObject({ gridSpan: 2 });
    expect(rules(fields.deviceType)[0]).toEqual({ required: true, message: '请选择设备类型' });
    expect(rules(fields.projectId)[0]).toEqual({ required: true, message: '请选择项目名称' });
    expect(rules(fields.description)).toContainEqual({ maxLength: 500, message: '模板描述不能超过500个字' });
    expect(rules(fields.contentName)).toContainEqual({ maxLength: 100, message: '模板名称不能超过100个字' });
    expect(fields.projectName).toBeUndefined();
  });

  it('edits the question lists whole with the questionGroups kind\'s own editor, checked against the content', async () => {
    const { page, entity } = await loadTemplatePage();
    const other = gridFields(buildFormSchema(page, entity)).otherList;
    expect(other.type).toBe('array');
    expect(other['x-component']).toBe('QuestionGroups');
    expect((other['x-component-props'] as { content?: { name?: string; title?: string } }).content).toMatchObject({ title: '检查分类' });
    const check = rules(other).find((r) => typeof (r as { validator?: unknown }).validator === 'function') as unknown as { validator: (v: unknown) => string | undefined };
    expect(check.validator([{ typeName: '安全装置', content: [{ question: '是否灵敏', answer: [{ name: '合格' }] }] }])).toBeUndefined();
    expect(check.validator([{ typeName: ' ' }])).toBe('第1个检查分类：请输入分类名称');
    expect(check.validator([{ typeName: 'A', content: [{ question: 'Q', answer: [{ name: '合格' }, { name: '' }] }] }])).toBe('第1个检查分类 第1个检查项 第2个答案选项：请输入选项');
  });

  it('the content kind decides the component wherever the field shows, unless the page names another', async () => {
    const { page, entity } = await loadTemplatePage();
    const field = entity.fields.find((f) => f.name === 'maintainList')!;
    expect(fieldSchema(field, { field: 'maintainList' })['x-component']).toBe('QuestionGroups');
    expect(fieldSchema(field, { field: 'maintainList', component: 'JsonEditor' })['x-component']).toBe('JsonEditor');
    expect(gridFields(buildDetailSchema(page, entity)).otherList['x-component']).toBe('QuestionGroups');
  });

  it('detail schema has the detail fields without validators', async () => {
    const { page, entity } = await loadTemplatePage();
    const fields = gridFields(buildDetailSchema(page, entity));
    expect(Object.keys(fields)).toEqual(['deviceType', 'projectName', 'contentName', 'companyName', 'description', 'otherList', 'machineryList', 'repairList', 'maintainList']);
    expect(Object.values(fields).every((f) => rules(f).length === 0)).toBe(true);
  });

  it('json fields are parsed for the editor and sent back as JSON text; read-only fields never go out', async () => {
    const { entity } = await loadTemplatePage();
    const values = toFormValues(entity, { id: 5, otherList: '[{"typeName":"安全装置"}]', machineryList: '', projectId: 11, projectName: 'x' });
    expect(values).toMatchObject({ otherList: [{ typeName: '安全装置' }], machineryList: [], projectId: '11', id: '5' });
    const payload = toPayload(entity, { ...values, contentName: 'a' }, 'create');
    expect(payload.otherList).toBe('[{"typeName":"安全装置"}]');
    expect(payload).not.toHaveProperty('projectName');
    expect(payload).not.toHaveProperty('id');
    expect(payload).toMatchObject({ questionType: 1, questionLimit: 0, questionOrder: 0 });
    expect(toPayload(entity, { contentName: 'a' }, 'update')).toEqual({ contentName: 'a' });
  });
});

describe('field rules from any entity', () => {
  const entity: EntitySchema = {
    name: 'Person', title: '人员', table: 'person', api: { base: 'Person' }, permission: { page: 'p', group: 'g' }, scope: 'company',
    fields: [
      { name: 'id', type: 'id', title: '编号' },
      { name: 'mobile', type: 'string', title: '手机号', format: 'mobile', required: true },
      { name: 'idCard', type: 'string', title: '身份证号', format: 'idCard', messages: { format: '身份证号码格式不对' } },
      { name: 'age', type: 'integer', title: '年龄', minimum: 16, maximum: 70 },
      { name: 'code', type: 'string', title: '编码', pattern: '^[A-Z]{3}$' },
      { name: 'joinedOn', type: 'date', title: '入职日期' },
      { name: 'photo', type: 'image', title: '照片', maxCount: 1 },
    ],
  };
  const of = (name: string) => fieldSchema(entity.fields.find((f) => f.name === name) as EntitySchema['fields'][number], { field: name });
  const check = (rule: Rule | undefined, v: string) => rule?.validator?.(v);

  it('uses the shared FORMATS checks and messages (the server runs the same functions)', () => {
    const mobile = rules(of('mobile'));
    expect(mobile[0]).toEqual({ required: true, message: '请输入手机号' });
    expect(mobile[1].message).toBe(FORMATS.mobile.message);
    expect(check(mobile[1], '13800138000')).toBe(true);
    expect(check(mobile[1], '12345')).toBe(false);
    expect(check(mobile[1], '')).toBe(true);
    const idCard = rules(of('idCard'));
    expect(idCard[0].message).toBe('身份证号码格式不对');
    expect(check(idCard[0], '11010519491231002X')).toBe(true);
  });

  it('counts a mobile number by its stored 11 digits and sends those (issue 23)', () => {
    const phone: EntitySchema = { ...entity, fields: [{ name: 'phone', type: 'string', title: '联系电话', format: 'mobile', maxLength: 11, messages: { maxLength: '联系电话不能超过11位' } }] };
    const schema = fieldSchema(phone.fields[0], { field: 'phone' });
    // The input takes the longer typed text; the rules measure what is stored.
    expect(schema['x-component-props']).not.toHaveProperty('maxLength');
    const [length, format] = rules(schema);
    for (const typed of ['+86 138 0013 8000', '0086-138-0013-8000', '8613800138000', '13800138000']) {
      expect(check(length, typed), typed).toBe(true);
      expect(check(format, typed), typed).toBe(true);
    }
    expect(check(length, '138001380001')).toBe(false);
    expect(length.message).toBe('联系电话不能超过11位');
    expect(toPayload(phone, { phone: '+86 138-0013-8000' }, 'create')).toEqual({ phone: '13800138000' });
    expect(toPayload(entity, { idCard: '11010519491231002x' }, 'update')).toEqual({ idCard: '11010519491231002X' });
  });

  it('bounds, patterns and components by type', () => {
    expect(rules(of('age'))).toEqual([{ minimum: 16, message: '年龄不能小于16' }, { maximum: 70, message: '年龄不能大于70' }]);
    expect(check(rules(of('code'))[0], 'ABC')).toBe(true);
    expect(rules(of('code'))[0].message).toBe('编码格式不正确');
    expect(of('joinedOn')['x-component']).toBe('DatePicker');
    expect(of('photo')).toMatchObject({ 'x-component': 'ImageUpload', 'x-component-props': { maxCount: 1 } });
  });

  it('every component of the field-type table is registered', () => {
    for (const spec of Object.values(FIELD_TYPES)) expect(isRegistered(spec.component), spec.component).toBe(true);
    expect(isRegistered(DICTIONARY_COMPONENT)).toBe(true);
    expect(isRegistered('QuestionGroups')).toBe(true);
  });
});

describe('search schema', () => {
  const page = (fields: NonNullable<PageSchema['search']>['fields']): PageSchema => ({
    name: 'x', title: 'X', entity: 'Person', list: { columns: [] }, search: { fields },
  });
  const entity: EntitySchema = {
    name: 'Person', title: '人员', table: 'person', api: { base: 'Person' }, permission: { page: 'p', group: 'g' }, scope: 'company',
    fields: [
      { name: 'status', type: 'string', title: '状态', dictionary: { type: 'auditStatus' } },
      { name: 'joinedAt', type: 'datetime', title: '入职时间' },
      { name: 'name', type: 'string', title: '姓名' },
    ],
  };

  it('required search fields show their placeholder or message on blur (§5.4)', () => {
    const s = buildSearchSchema(page([{ field: 'name', operator: 'contains', required: true }, { field: 'status', operator: 'eq', required: true, message: '先选状态' }]), entity);
    const props = s.properties as Record<string, ISchema>;
    expect(rules(props.name)).toEqual([{ required: true, message: '请输入姓名', triggerType: 'onBlur' }]);
    expect(rules(props.status)).toEqual([{ required: true, message: '先选状态', triggerType: 'onBlur' }]);
    expect(props.status['x-component']).toBe('DictSelect');
  });

  it('date ranges use DateRange with shortcuts and whole-day bounds for datetime fields', () => {
    const s = buildSearchSchema(page([{ field: 'joinedAt', operator: 'between' }]), entity);
    expect((s.properties as Record<string, ISchema>).joinedAt).toMatchObject({ 'x-component': 'DateRange', 'x-component-props': { withTime: true, shortcuts: true } });
  });

  it('values become plain filters', () => {
    const p = page([{ field: 'name', operator: 'contains' }, { field: 'joinedAt', operator: 'between' }]);
    expect(searchToQuery(p, { name: '张', joinedAt: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'] }).filters).toEqual([
      { field: 'name', operator: 'contains', value: '张' },
      { field: 'joinedAt', operator: 'between', value: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'] },
    ]);
  });
});
