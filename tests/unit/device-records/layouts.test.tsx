// Every 模板布局 of schemas/dictionaries/deviceTemplateLayout.json has a layout that shows each group and
// question with its disabled answers, and the dictionary and the registry list the same codes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import layoutDictionary from '../../../schemas/dictionaries/deviceTemplateLayout.json';
import { LAYOUT_COMPONENTS, LAYOUT_LABELS } from '../../../src/features/device-records/layouts/layouts';
import { LAYOUTS, parseQuestionGroups, type Layout } from '../../../src/features/device-records/model';

const groups = parseQuestionGroups(
  JSON.stringify([
    { typeName: '动力系统', serNum: '1', content: [{ question: '发动机机油油位正常', answer: [{ id: '1', name: '合格', value: '1' }, { id: '2', name: '不合格', value: '2' }] }] },
    { typeName: '液压系统', serNum: '2', content: [{ question: '液压管路无渗漏', answer: [{ id: '1', name: '合格', value: '1' }] }] },
  ]),
);

afterEach(() => vi.restoreAllMocks());

describe('template layouts', () => {
  it('cover exactly the codes and labels of the 模板布局 dictionary', () => {
    expect(layoutDictionary.options.map((o) => o.value)).toEqual([...LAYOUTS]);
    expect(layoutDictionary.options.map((o) => LAYOUT_LABELS[o.value as Layout])).toEqual(layoutDictionary.options.map((o) => o.label));
  });

  it.each(LAYOUTS)('%s shows the groups, the questions and disabled answers without warnings', (layout) => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const Layout = LAYOUT_COMPONENTS[layout];
    render(<Layout groups={groups} />);
    expect(screen.getAllByText(/动力系统/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/液压系统/).length).toBeGreaterThan(0);
    expect(screen.getByText(/发动机机油油位正常/)).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('reads question lists as JSON text or arrays and drops what is malformed', () => {
    expect(parseQuestionGroups('')).toEqual([]);
    expect(parseQuestionGroups('not json')).toEqual([]);
    expect(parseQuestionGroups(null)).toEqual([]);
    expect(parseQuestionGroups([{ typeName: '安全装置', content: [{ question: '限位有效' }, { nope: 1 }] }, 3])).toEqual([
      { typeName: '安全装置', serNum: undefined, content: [{ question: '限位有效', answer: [] }] },
    ]);
  });
});
