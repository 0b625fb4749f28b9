// The browser side of master–detail and batch actions (docs/metadata.md): child rows checked by the child
// entity's rules and sent with their ids, the editable child table (add, edit, reorder, remove, row
// messages), the batch summary, and the batch bar (permission, confirm naming the count, the summary).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BatchResult as BatchAnswer, EntitySchema, PageSchema } from '../../../common/metadata';
import attendeeJson from '../../../schemas/entities/training-attendee.json';
import workerJson from '../../../schemas/entities/worker.json';
import workerPageJson from '../../../schemas/pages/worker.json';
import { BatchResult } from '../../../src/engine/components/BatchResult';
import { ChildTable, moveRow } from '../../../src/engine/components/ChildTable';
import type { DataProvider } from '../../../src/engine/data/data-provider';
import { BatchBar } from '../../../src/engine/page/BatchBar';
import { childPayload, childRowMessages, newChildRow, type ChildRow, type RowMessage } from '../../../src/engine/schema/child-rows';
import { ok, stubFetch } from '../features/fetchStub';
import { renderEngine, signIn } from './engine-fixtures';

const attendee = attendeeJson as unknown as EntitySchema;
const worker = workerJson as unknown as EntitySchema;
const workerPage = workerPageJson as unknown as PageSchema;
const COLUMNS = ['workerName', 'idCardNo', 'jobType', 'hours', 'passed'];
const DICT = 'GET /prod-api/api/SysDictionary/GetListByType';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('child rows', () => {
  it('reports the first broken rule of each row, in column order, as the server words it', () => {
    const rows = [
      newChildRow({ workerName: '杨志明', idCardNo: '51100219900315123X', hours: 2 }),
      newChildRow({ workerName: '', idCardNo: '123', hours: 2 }),
      newChildRow({ workerName: '李小红', idCardNo: '123', hours: 80 }),
    ];
    expect(childRowMessages(attendee, COLUMNS, rows)).toEqual([
      { row: 1, field: 'workerName', message: '请输入姓名' },
      { row: 2, field: 'idCardNo', message: '请输入正确的身份证号码' },
    ]);
  });

  it('sends stored rows with their id and new rows without, defaults filled in', () => {
    const payload = childPayload(attendee, [newChildRow({ id: '7', workerName: '杨志明', labels: { jobType: '木工' } }), newChildRow({ workerName: '李小红' })]);
    expect(payload[0]).toEqual({ id: '7', workerName: '杨志明' });
    expect(payload[1]).toMatchObject({ workerName: '李小红', passed: false, signed: false });
    expect(payload[1]).not.toHaveProperty('id');
  });

  it('moves a row up or down and leaves the list alone past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

function Harness({ initial, messages }: { initial: ChildRow[]; messages?: RowMessage[] }) {
  const [rows, setRows] = useState(initial);
  return (
    <>
      <ChildTable title="参训人员" entity={attendee} columns={COLUMNS} value={rows} onChange={setRows} messages={messages} />
      <pre data-testid="rows">{JSON.stringify(rows.map((r) => r.values.workerName ?? ''))}</pre>
    </>
  );
}
const shown = () => JSON.parse(screen.getByTestId('rows').textContent ?? '[]') as string[];

describe('the editable child table', { timeout: 30_000 }, () => {
  it('adds a row, edits its cells, reorders with 上移 / 下移 and removes one', async () => {
    stubFetch({ [DICT]: () => ok([{ xuHao: '01', selContent: '木工' }]) });
    renderEngine(<Harness initial={[newChildRow({ workerName: '杨志明' }), newChildRow({ workerName: '李小红' })]} />);
    await userEvent.click(screen.getByRole('button', { name: '新增一行' }));
    const names = screen.getAllByLabelText('姓名');
    expect(names).toHaveLength(3);
    await userEvent.type(names[2], '王五');
    expect(shown()).toEqual(['杨志明', '李小红', '王五']);
    const third = names[2].closest('tr') as HTMLElement;
    await userEvent.click(within(third).getByRole('button', { name: '上移' }));
    expect(shown()).toEqual(['杨志明', '王五', '李小红']);
    const first = screen.getAllByLabelText('姓名')[0].closest('tr') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: '下移' }));
    expect(shown()).toEqual(['王五', '杨志明', '李小红']);
    const last = screen.getAllByLabelText('姓名')[2].closest('tr') as HTMLElement;
    await userEvent.click(within(last).getByRole('button', { name: '删除' }));
    expect(shown()).toEqual(['王五', '杨志明']);
  });

  it('shows a row message under its row and marks the field', async () => {
    stubFetch({ [DICT]: () => ok([]) });
    renderEngine(<Harness initial={[newChildRow({ workerName: '杨志明' }), newChildRow({ workerName: '' })]} messages={[{ row: 1, field: 'workerName', message: '请输入姓名' }]} />);
    expect(await screen.findByText('第2行：请输入姓名')).toBeTruthy();
    const cell = screen.getAllByLabelText('姓名')[1].closest('.engine-child-cell-error');
    expect(cell).not.toBeNull();
    expect(screen.getAllByLabelText('姓名')[0].closest('.engine-child-cell-error')).toBeNull();
  });
});

const answer: BatchAnswer = {
  results: [
    { id: '1', ok: true, message: '删除成功' },
    { id: '2', ok: false, message: '该记录已被其他数据使用：12 条考勤记录' },
    { id: '3', ok: true, message: '删除成功' },
  ],
  succeeded: 2,
  failed: 1,
};

describe('the batch summary', () => {
  it('says 成功 N 条，失败 M 条 and lists each failure with its reason', () => {
    renderEngine(<BatchResult {...answer} nameOf={(r) => `人员${r.id}`} />);
    expect(screen.getByText('成功 2 条，失败 1 条')).toBeTruthy();
    expect(screen.getByText('人员2')).toBeTruthy();
    expect(screen.getByText('该记录已被其他数据使用：12 条考勤记录')).toBeTruthy();
    expect(screen.queryByText('人员1')).toBeNull();
  });
});

describe('the batch bar', { timeout: 30_000 }, () => {
  const rows = [
    { id: '1', workerName: '杨志明' },
    { id: '2', workerName: '李小红' },
    { id: '3', workerName: '王五' },
  ];
  const provider = (custom: DataProvider['custom']) => ({ custom }) as unknown as DataProvider;
  const bar = (can: (a: string) => boolean, custom: DataProvider['custom'], selected = rows) =>
    renderEngine(<BatchBar page={workerPage} entity={worker} provider={provider(custom)} can={can} selected={selected} idField="id" nameOf={(r) => String(r.workerName)} onDone={() => {}} />);

  it('shows only the batch buttons the role holds', () => {
    bar((a) => a === 'delete', vi.fn());
    expect(screen.getByRole('button', { name: '批量删除' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '批量退场' })).toBeNull();
  });

  it('confirms the count, sends the ids and shows the summary with the failing row named', async () => {
    const custom = vi.fn(async () => answer) as unknown as DataProvider['custom'];
    bar(() => true, custom);
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('确定删除选中的 3 条数据吗？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await screen.findByText('成功 2 条，失败 1 条');
    expect(custom).toHaveBeenCalledWith({ method: 'POST', name: 'BatchDelete', data: { ids: ['1', '2', '3'] } });
    expect(screen.getByText('李小红')).toBeTruthy();
    expect(screen.getByText('该记录已被其他数据使用：12 条考勤记录')).toBeTruthy();
  });

  it('batch update asks for the declared fields and sends nothing while one is empty', async () => {
    const custom = vi.fn(async () => ({ results: [{ id: '1', ok: true, message: '保存成功' }], succeeded: 1, failed: 0 })) as unknown as DataProvider['custom'];
    bar(() => true, custom, rows.slice(0, 1));
    await userEvent.click(screen.getByRole('button', { name: '批量退场' }));
    expect(await screen.findByText('将修改选中的 1 条数据')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(screen.getByText('请选择退场日期')).toBeTruthy());
    expect(custom).not.toHaveBeenCalled();
  });

  it('is disabled until rows are selected', () => {
    bar(() => true, vi.fn(), []);
    expect((screen.getByRole('button', { name: '批量删除' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('请勾选要批量处理的数据')).toBeTruthy();
  });
});
