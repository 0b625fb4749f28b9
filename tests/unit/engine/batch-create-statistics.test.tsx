// 批量新增 (docs/metadata.md "Batch actions"): an add button with `batch` opens a dialog of the shared
// fields over a table of rows and sends one BatchCreate `{ values, rows }`; the schema check keeps the
// button to entities with batch.create and to writable fields; a refused row keeps its reason, renumbered.
// The 统计 tab (PageSchema statistics): declared groups and measures only, the read per group and the totals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkSchemas } from '../../../common/metadata/check';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { formatProblem } from '../../../common/metadata/problems';
import { readSchemas } from '../../../codegen/read-schemas';
import taskJson from '../../../schemas/entities/production-task.json';
import taskPageJson from '../../../schemas/pages/production-task.json';
import { createDataProvider } from '../../../src/engine/data/data-provider';
import { BatchCreateDialog, batchCreateBody, keptRows, sharedFormPage, type BatchCreateSpec } from '../../../src/engine/page/BatchCreateDialog';
import { newChildRow } from '../../../src/engine/schema/child-rows';
import { ok, stubFetch } from '../features/fetchStub';
import { renderEngine, signIn } from './engine-fixtures';

const task = taskJson as unknown as EntitySchema;
const taskPage = taskPageJson as unknown as PageSchema;
const spec = taskPage.list.toolbar!.find((t) => t.batch)!.batch as BatchCreateSpec;
const PAGE = 'schemas/pages/production-task.json';

function problemsOf(edit: (page: PageSchema, entity: EntitySchema) => void): string[] {
  const { sources } = readSchemas();
  const copy = structuredClone(sources);
  const page = copy.pages.find((f) => f.file.endsWith('pages/production-task.json'))!.json as unknown as PageSchema;
  const entity = copy.entities.find((f) => f.file.endsWith('entities/production-task.json'))!.json as unknown as EntitySchema;
  edit(page, entity);
  return checkSchemas(copy).problems.map(formatProblem);
}
const batchButton = (p: PageSchema) => p.list.toolbar!.find((t) => t.batch)!;

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('the batch add button', () => {
  it('is checked against the entity: batch.create, known and writable fields, add only', () => {
    expect(problemsOf(() => {})).toEqual([]);
    expect(problemsOf((_p, e) => delete e.batch!.create)).toEqual([`${PAGE}: /list/toolbar/1/batch: entity ProductionTask has no batch.create (BatchCreate)`]);
    expect(problemsOf((p) => batchButton(p).batch!.columns.push('nothing'))).toEqual([`${PAGE}: /list/toolbar/1/batch: entity ProductionTask has no field "nothing"`]);
    expect(problemsOf((p) => batchButton(p).batch!.columns.push('strengthGrade'))).toEqual([`${PAGE}: /list/toolbar/1/batch: field strengthGrade is not written by a create`]);
    expect(problemsOf((p) => batchButton(p).batch!.columns.push('orderId'))).toEqual([`${PAGE}: /list/toolbar/1/batch: a field is both shared and a row column`]);
    // 任务编号 has a numbering rule (issue 29): the server assigns it, so it is no row column.
    expect(problemsOf((p) => batchButton(p).batch!.columns.unshift('taskNo'))).toEqual([`${PAGE}: /list/toolbar/1/batch: field taskNo is not written by a create`]);
  });

  it('draws the shared fields with the add form’s own placeholders and sends each value once', () => {
    const form = sharedFormPage(taskPage, spec).form!;
    expect(form.fields).toEqual([
      { field: 'orderId', placeholder: '请选择已审核的订单' },
      { field: 'plannedStart', placeholder: '请选择计划开盘时间' },
    ]);
    const body = batchCreateBody(task, spec, { orderId: '12', plannedStart: '2026-11-27 08:00:00', remark: 'x' }, [
      newChildRow({ taskNo: 'T-1', lineNo: '1', formulaId: '3', plannedVolume: 4, orderId: '99' }),
      newChildRow({ taskNo: 'T-2', lineNo: '2', formulaId: '9', plannedVolume: 6 }),
    ]);
    // The rows' own columns only: neither the shared orderId nor 任务编号 (numbered by the server, issue 29).
    expect(body).toEqual({
      values: { orderId: '12', plannedStart: '2026-11-27 08:00:00' },
      rows: [
        { lineNo: '1', formulaId: '3', plannedVolume: 4 },
        { lineNo: '2', formulaId: '9', plannedVolume: 6 },
      ],
    });
  });

  it('keeps the refused rows with their reasons, renumbered', () => {
    const rows = [newChildRow({ taskNo: 'A' }), newChildRow({ taskNo: 'B' }), newChildRow({ taskNo: 'C' })];
    const kept = keptRows(
      { succeeded: 1, failed: 2, results: [{ row: 0, ok: false, message: '任务编号已存在' }, { row: 1, ok: true, message: '保存成功' }, { row: 2, ok: false, message: '请选择配合比' }] },
      rows,
    );
    expect(kept.rows.map((r) => r.values.taskNo)).toEqual(['A', 'C']);
    expect(kept.messages).toEqual([{ row: 0, message: '任务编号已存在' }, { row: 1, message: '请选择配合比' }]);
  });

  it('checks the rows by the entity’s rules before sending, then posts one BatchCreate', async () => {
    const sent: unknown[] = [];
    stubFetch({
      'GET /prod-api/api/SysDictionary/GetListByType': () => ok([{ xuHao: '1', selContent: '1号线' }]),
      'POST /prod-api/api/ProductionTask/BatchCreate': (call) => {
        sent.push(call.body);
        return ok({ succeeded: 1, failed: 0, results: [{ row: 0, ok: true, message: '保存成功' }] });
      },
    });
    const saved = vi.fn();
    renderEngine(
      <BatchCreateDialog page={taskPage} entity={task} provider={createDataProvider(task)} spec={{ columns: ['remark', 'plannedVolume'] }} title="批量新增生产任务" onClose={() => {}} onSaved={saved} onChanged={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect((await screen.findAllByText('第1行：请输入计划方量')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('备注'), 'T-9');
    await userEvent.type(screen.getByLabelText('计划方量'), '4');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ values: {}, rows: [{ remark: 'T-9', plannedVolume: 4 }] })]);
  });
});

describe('the statistics tab (PageSchema statistics)', () => {
  const recordPage = 'schemas/pages/batch-record.json';
  function problemsOfRecords(edit: (page: PageSchema) => void): string[] {
    const { sources } = readSchemas();
    const copy = structuredClone(sources);
    edit(copy.pages.find((f) => f.file.endsWith('pages/batch-record.json'))!.json as unknown as PageSchema);
    return checkSchemas(copy).problems.map(formatProblem);
  }

  it('offers only the entity’s declared groups and measures', () => {
    expect(problemsOfRecords((p) => p.statistics!.groupBy.push({ field: 'batchNo', label: '按盘号' }))).toEqual([
      `${recordPage}: /statistics/groupBy/3/field: "batchNo" is not a statistics group of BatchRecord`,
    ]);
    expect(problemsOfRecords((p) => (p.statistics!.measures = ['batches', 'nothing']))).toEqual([`${recordPage}: /statistics/measures/1: "nothing" is not a statistics measure of BatchRecord`]);
  });

  it('reads the groups and the totals under the page’s search, and switches the group', async () => {
    const records = (await import('../../../schemas/entities/batch-record.json')).default as unknown as EntitySchema;
    const recordsPage = (await import('../../../schemas/pages/batch-record.json')).default as unknown as PageSchema;
    const { StatisticsView, shownMeasures, groupTitle } = await import('../../../src/engine/page/StatisticsView');
    expect(shownMeasures({ ...recordsPage, statistics: { ...recordsPage.statistics!, measures: ['alarms', 'batches'] } }, records).map((m) => m.title)).toEqual(['超差盘数', '盘数']);
    expect(groupTitle(records, 'batchTime')).toBe('日期');
    const { callsTo } = stubFetch({
      'GET /prod-api/api/SysDictionary/GetListByType': () => ok([]),
      'GET /prod-api/api/CycleRecord/GetStatistics': (call) =>
        call.query.get('groupBy') === 'lineNo'
          ? ok([{ key: '1', label: '1号线', batches: 3, volume: 6, alarms: 1 }, { key: '2', label: '2号线', batches: 2, volume: 4, alarms: 0 }])
          : call.query.get('groupBy')
            ? ok([{ key: '2026-11-26', batches: 5, volume: 10, alarms: 1 }])
            : ok([{ batches: 5, volume: 10, alarms: 1 }]),
    });
    renderEngine(<StatisticsView page={recordsPage} entity={records} provider={createDataProvider(records)} />);
    expect(await screen.findByText('2026-11-26')).toBeTruthy();
    await userEvent.click(screen.getByText('按生产线'));
    expect(await screen.findByText('2号线')).toBeTruthy();
    expect(callsTo('GET', '/prod-api/api/CycleRecord/GetStatistics').map((c) => c.query.get('groupBy'))).toEqual(['batchTime', null, 'lineNo', null]);
    expect(document.querySelector('[data-sum="batches"]')?.textContent).toBe('5');
  });
});
