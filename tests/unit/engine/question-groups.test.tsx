// The questionGroups content kind's editor and checklist (src/engine/components/QuestionGroups.tsx):
// options as a 选项/值 table with add and remove, option sets in one click, groups and questions added and
// removed, and the detail as a readable checklist rather than "选项编号：1 选项：合格 选项值：1".
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { QuestionGroups, nextOption, optionSet, type QuestionGroup } from '../../../src/engine/components/QuestionGroups';
import { renderEngine } from './engine-fixtures';

const GROUPS: QuestionGroup[] = [
  {
    serNum: '1',
    typeName: '安全装置',
    content: [{ question: '起重量限制器是否灵敏可靠', answer: [{ id: '1', name: '合格', value: '1' }, { id: '2', name: '不合格', value: '2', childList: [{ x: 1 }] }] }],
  },
];

function renderField(value: unknown, pattern: 'editable' | 'readPretty' = 'editable') {
  const form = createForm({ initialValues: { otherList: value }, pattern });
  renderEngine(
    <FormProvider form={form}>
      <Field name="otherList" component={[QuestionGroups]} />
    </FormProvider>,
  );
  return () => form.values.otherList as QuestionGroup[];
}

describe('QuestionGroups', { timeout: 20_000 }, () => {
  it('numbers option sets and new options from 1 / after the highest', () => {
    expect(optionSet(['合格', '不合格', '不适用'])).toEqual([
      { id: '1', name: '合格', value: '1' },
      { id: '2', name: '不合格', value: '2' },
      { id: '3', name: '不适用', value: '3' },
    ]);
    expect(nextOption([{ id: '1', name: 'a', value: '5' }])).toEqual({ id: '6', name: '', value: '6' });
    expect(nextOption([])).toEqual({ id: '1', name: '', value: '1' });
  });

  it('edits options in a 选项/值 table: rename, add, remove, one-click sets; other keys are kept', async () => {
    const values = renderField(GROUPS);
    const question = await screen.findByRole('group', { name: '检查项1' });
    const table = within(question).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['序号', '选项', '值', '操作']);
    fireEvent.change(within(question).getByLabelText('选项1'), { target: { value: '良好' } });
    expect(values()[0].content![0].answer![0]).toEqual({ id: '1', name: '良好', value: '1' });
    expect(values()[0].content![0].answer![1].childList).toEqual([{ x: 1 }]);

    fireEvent.click(within(question).getByRole('button', { name: /添加选项/ }));
    expect(values()[0].content![0].answer!.at(-1)).toEqual({ id: '3', name: '', value: '3' });
    fireEvent.click(within(question).getByRole('button', { name: '删除选项3' }));
    expect(values()[0].content![0].answer).toHaveLength(2);

    fireEvent.click(within(question).getByRole('button', { name: '合格/不合格/不适用' }));
    expect(values()[0].content![0].answer!.map((o) => o.name)).toEqual(['合格', '不合格', '不适用']);
  });

  it('adds and removes groups and questions; a new question starts with 合格/不合格/不适用', async () => {
    const values = renderField([]);
    fireEvent.click(await screen.findByRole('button', { name: /添加检查分类/ }));
    expect(values()).toEqual([{ typeName: '', content: [] }]);
    fireEvent.change(screen.getByLabelText('检查分类1分类名称'), { target: { value: '制动系统' } });
    fireEvent.click(screen.getByRole('button', { name: /添加检查项/ }));
    fireEvent.change(screen.getByLabelText('检查项1检查内容'), { target: { value: '制动器是否可靠' } });
    expect(values()[0]).toMatchObject({ typeName: '制动系统', content: [{ question: '制动器是否可靠', answer: optionSet(['合格', '不合格', '不适用']) }] });
    fireEvent.click(screen.getByRole('button', { name: '删除检查项1' }));
    expect(values()[0].content).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '删除检查分类1' }));
    expect(values()).toEqual([]);
  });

  it('reads as a checklist: group heading, numbered question, options as tags, no 选项编号 labels', async () => {
    renderField(JSON.stringify(GROUPS), 'readPretty');
    const group = await screen.findByRole('region', { name: '安全装置' });
    expect(within(group).getByText('1. 安全装置', { exact: false })).toBeTruthy();
    const item = within(group).getByRole('listitem');
    expect(item.textContent).toBe('1.起重量限制器是否灵敏可靠合格不合格');
    expect(document.body.textContent).not.toContain('选项编号');
  });
});
