// Engine gaps the page builders reported (issue #4), in the browser engine: the detail dialog shows values
// by the list's display rules (money in 元/万/亿, masked ID numbers, dictionary labels, project names from
// `labels`, boolean words); boolean search fields are a 全部 / 是 / 否 select in the field's words; the
// `after` rule checks an end date against the form's start date; `filterBy` options follow the form's
// project and drop a choice made for another one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createForm, type Field } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../../../src/engine/components/schema-field';
import { createDataProvider } from '../../../src/engine/data/data-provider';
import { DetailDialog } from '../../../src/engine/page/DetailDialog';
import { cellText } from '../../../src/engine/page/cell-display';
import type { Rule } from '../../../src/engine/schema/field-rules';
import { buildFormSchema } from '../../../src/engine/schema/form-schema';
import { buildSearchSchema, searchToQuery } from '../../../src/engine/schema/search-schema';
import { ok, stubFetch } from '../features/fetchStub';
import { renderEngine, signIn } from './engine-fixtures';

const entity: EntitySchema = {
  name: 'WageCard',
  title: '工资卡',
  table: 'wage_card',
  api: { base: 'WageCard' },
  permission: { page: 'deviceManage', group: 'Maintenance/template' },
  scope: 'project',
  fields: [
    { name: 'id', type: 'id', title: '编号' },
    { name: 'projectId', type: 'project', title: '所属项目', required: true },
    { name: 'workerId', type: 'integer', title: '花名册人员', dictionary: { entity: 'Worker', valueField: 'id', labelField: 'workerName', filterBy: 'projectId', fill: { holder: 'workerName', idCardNo: 'idCardNo' } } },
    { name: 'holder', type: 'string', title: '持卡人姓名' },
    { name: 'idCardNo', type: 'string', title: '身份证号' },
    { name: 'bank', type: 'string', title: '开户银行', dictionary: { type: 'bank' } },
    { name: 'amount', type: 'money', title: '应发金额' },
    { name: 'paid', type: 'money', title: '实发金额' },
    { name: 'online', type: 'boolean', title: '在线状态', trueLabel: '在线', falseLabel: '离线' },
    { name: 'signed', type: 'boolean', title: '已签到' },
    { name: 'startDate', type: 'date', title: '开始日期' },
    { name: 'endDate', type: 'date', title: '结束日期', after: 'startDate' },
  ],
};

const page: PageSchema = {
  name: 'wageCard',
  title: '工资卡',
  entity: 'WageCard',
  list: { columns: [{ field: 'holder' }, { field: 'idCardNo', display: 'maskId' }, { field: 'amount' }] },
  search: { fields: [{ field: 'online', operator: 'eq' }, { field: 'signed', operator: 'eq' }] },
  form: { addTitle: '新增', editTitle: '编辑', fields: ['projectId', 'workerId', 'holder', 'idCardNo', 'startDate', 'endDate'] },
  detail: {
    title: '工资卡详情',
    fields: ['holder', 'idCardNo', 'projectId', 'workerId', 'bank', 'amount', { field: 'paid', display: 'text' }, 'online', 'signed', 'endDate'],
  },
};

const ROW = {
  id: '5', projectId: '8', workerId: 31, holder: '周敏', idCardNo: '412726197605216173', bank: '105', amount: 1284500, paid: 3200,
  online: false, signed: true, startDate: '2026-01-01', endDate: '2026-12-31', labels: { projectId: '甜城湖片区棚户区改造项目' },
};

const gridFields = (s: ISchema) => ((s.properties as Record<string, ISchema>).grid.properties ?? {}) as Record<string, ISchema>;

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('detail view by the list display rules', () => {
  it('shows money in 元/万, the ID number masked, labels of dictionaries, the project name from labels and boolean words', async () => {
    const fetch = stubFetch({
      'GET /prod-api/api/WageCard/GetDetail': () => ok(ROW),
      'GET /prod-api/api/SysDictionary/GetListByType': () => ok([{ xuHao: '105', selContent: '中国建设银行' }]),
      'GET /prod-api/api/Worker/Options': () => ok([{ id: '31', workerName: '周敏（钢筋班）' }]),
    });
    renderEngine(<DetailDialog page={page} entity={entity} provider={createDataProvider(entity)} id="5" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('128.45万');
    const text = dialog.textContent ?? '';
    expect(text).toContain('4127**********6173');
    expect(text).not.toContain('412726197605216173');
    expect(text).toContain('甜城湖片区棚户区改造项目');
    await screen.findByText('中国建设银行');
    await screen.findByText('周敏（钢筋班）');
    // A detail field's own display wins over the type's: 实发金额 as plain text.
    expect(text).toContain('3200');
    expect(text).toContain('离线');
    expect(text).toContain('是');
    // Names come from the row: no project list is fetched to resolve the id.
    expect(fetch.calls.map((c) => c.path)).not.toContain('/prod-api/api/Project/WhereProjectList');
  });

  it('formats a cell the same way for lists and details', () => {
    expect(cellText('money', 123456789)).toBe('1.23亿');
    expect(cellText('money', 99)).toBe('99.00元');
    expect(cellText('boolean', true, [{ value: 'true', label: '在线' }, { value: 'false', label: '离线' }])).toBe('在线');
    expect(cellText('boolean', false)).toBe('否');
  });
});

describe('boolean search fields', () => {
  it('are a select of 全部 and the field\'s two words, 全部 meaning no condition', () => {
    const fields = buildSearchSchema(page, entity).properties as Record<string, ISchema>;
    expect(fields.online['x-component']).toBe('Select');
    expect(fields.online.enum).toEqual([
      { label: '全部', value: '' },
      { label: '在线', value: 'true' },
      { label: '离线', value: 'false' },
    ]);
    expect(fields.online.default).toBe('');
    expect((fields.signed.enum as Array<{ label: string }>).map((o) => o.label)).toEqual(['全部', '是', '否']);
    expect(searchToQuery(page, { online: 'false', signed: '' }).filters).toEqual([
      { field: 'online', operator: 'eq', value: 'false' },
      { field: 'signed', operator: 'eq', value: '' },
    ]);
  });
});

describe('cross-field order (after)', () => {
  it('refuses an end date before the start date in the form, with 结束日期不能早于开始日期', () => {
    const rules = gridFields(buildFormSchema(page, entity)).endDate['x-validator'] as Rule[];
    const after = rules.find((r) => r.message === '结束日期不能早于开始日期');
    expect(after?.validator).toBeTypeOf('function');
    const check = (end: string, start: string) => after!.validator!(end, undefined, { form: { values: { startDate: start } } });
    expect(check('2026-06-30', '2026-07-01')).toBe(false);
    expect(check('2026-07-01', '2026-07-01')).toBe(true);
    expect(check('', '2026-07-01')).toBe(true);
    expect(check('2026-06-30', '')).toBe(true);
  });
});

describe('options filtered by the form (filterBy)', () => {
  it('asks for the chosen project\'s workers only, fills the holder from a picked one and clears it for another project', async () => {
    const fetch = stubFetch({
      'GET /prod-api/api/Worker/Options': (c) =>
        ok(c.query.get('filters') ? [{ id: '31', workerName: '周敏', idCardNo: '412726197605216173' }, { id: '32', workerName: '蒋勇', idCardNo: '511002197206251274' }] : []),
      'GET /prod-api/api/Project/WhereProjectList': () => ok([]),
    });
    const form = createForm();
    render(
      <FormProvider form={form}>
        <SchemaField schema={buildFormSchema(page, entity)} />
      </FormProvider>,
    );
    const worker = () => form.query('grid.workerId').take() as Field;
    await waitFor(() => expect(worker()).toBeDefined());
    expect(worker().componentProps.params).toBeUndefined();
    // Loading a record fills project and worker together: the worker stays.
    form.setValues({ projectId: '8', workerId: '31' });
    await waitFor(() => expect(worker().componentProps.params).toEqual({ filters: JSON.stringify([{ field: 'projectId', operator: 'eq', value: '8' }]) }));
    expect(form.values.workerId).toBe('31');
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/Worker/Options').some((c) => c.query.get('filters')?.includes('"value":"8"'))).toBe(true));
    // A loaded record keeps its own holder; a worker the user picks fills holder and ID number (fill).
    expect(form.values.holder).toBeUndefined();
    await worker().onInput('32');
    await waitFor(() => expect(form.values).toMatchObject({ workerId: '32', holder: '蒋勇', idCardNo: '511002197206251274' }));
    form.setValuesIn('projectId', '9');
    await waitFor(() => expect(worker().componentProps.params).toEqual({ filters: JSON.stringify([{ field: 'projectId', operator: 'eq', value: '9' }]) }));
    expect(form.values.workerId).toBeUndefined();
  });
});
