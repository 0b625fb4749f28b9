// 批量新增 (docs/metadata.md "Batch actions"): an add button with `batch` opens a dialog of the shared
// fields over a table of rows and sends one BatchCreate `{ values, rows }`; the schema check keeps the
// button to entities with batch.create and to writable fields; a refused row keeps its reason, renumbered.
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
    expect(body).toEqual({
      values: { orderId: '12', plannedStart: '2026-11-27 08:00:00' },
      rows: [
        { taskNo: 'T-1', lineNo: '1', formulaId: '3', plannedVolume: 4 },
        { taskNo: 'T-2', lineNo: '2', formulaId: '9', plannedVolume: 6 },
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
      <BatchCreateDialog page={taskPage} entity={task} provider={createDataProvider(task)} spec={{ columns: ['taskNo', 'plannedVolume'] }} title="批量新增生产任务" onClose={() => {}} onSaved={saved} onChanged={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect((await screen.findAllByText('第1行：请输入任务编号')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('任务编号'), 'T-9');
    await userEvent.type(screen.getByLabelText('计划方量'), '4');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ values: {}, rows: [{ taskNo: 'T-9', plannedVolume: 4 }] })]);
  });
});
