// Every schema problem has its own Chinese line (issue 28): `file:line:column JSON pointer: 说明`, saying what
// is wrong and what would be right, with no English in it but the names the configurator wrote. The eight
// mistakes of the tester, each written to a folder the way codegen and the server start read it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../codegen/read-schemas';
import { runCodegen } from '../../../codegen/run';
import { checkSchemas } from '../../../common/metadata/check';
import { META_MESSAGES_ZH, META_SCHEMAS } from '../../../common/metadata/meta-validate';
import { formatProblem, formatProblemZh } from '../../../common/metadata/problems';
import type { EntityField, EntitySchema, PageSchema } from '../../../common/metadata';
import type { MenuFile, SchemaProblem, SeedFile } from '../../../common/metadata/types';
import { clone, fixtureFiles, toSources, writeFixture, type FixtureFiles } from './fixture';

const ORDER = 'entities/work-order.json';
const PAGE = 'pages/work-order.json';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const order = (f: FixtureFiles) => f[ORDER] as EntitySchema;
const orderField = (f: FixtureFiles, name: string) => order(f).fields.find((x) => x.name === name) as EntityField & Record<string, unknown>;
const page = (f: FixtureFiles) => f[PAGE] as PageSchema;

/** The fixture with a workflow on WorkOrder: states 1–4 of dictionary orderState, kept in the readOnly field state. */
function withWorkflow(f: FixtureFiles): void {
  f['dictionaries/order-state.json'] = {
    name: 'orderState',
    title: '工单状态',
    options: [{ value: '1', label: '待审核' }, { value: '2', label: '已通过' }, { value: '3', label: '已驳回' }, { value: '4', label: '已关闭' }],
  };
  order(f).fields.push({ name: 'state', type: 'string', title: '状态', readOnly: true, default: '1', dictionary: { type: 'orderState' } });
  order(f).workflow = {
    field: 'state',
    states: [
      { value: '1', label: '待审核' },
      { value: '2', label: '已通过' },
      { value: '3', label: '已驳回' },
      { value: '4', label: '已关闭', final: true },
    ],
    transitions: [{ name: 'approve', label: '审核通过', from: ['1'], to: '2', action: 'edit' }],
  };
}

/** Writes the (edited) fixture to a folder and loads it as codegen does: problems with their positions. */
function load(edit: (files: FixtureFiles) => void): { dir: string; problems: SchemaProblem[] } {
  const files = clone(fixtureFiles());
  edit(files);
  const dir = writeFixture(files, mkdtempSync(join(tmpdir(), 'schemas-zh-')));
  dirs.push(dir);
  return { dir, problems: loadSchemas(dir).problems };
}

/** 1-based line:column of the first `needle` in the file, plus `shift` characters (to the value after a key). */
function where(dir: string, path: string, needle: string, shift = 0): string {
  const text = readFileSync(join(dir, path), 'utf8');
  const offset = text.indexOf(needle);
  expect(offset, `${needle} in ${path}`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset + shift).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const WORD = /[A-Za-z][A-Za-z0-9_]*/g;

/** Latin words the configurator wrote: every word of the schema files of the folder, and of their paths. */
function writtenWords(dir: string, paths: string[]): Set<string> {
  return new Set(paths.flatMap((p) => [...(`schemas/${p}`.match(WORD) ?? []), ...(readFileSync(join(dir, p), 'utf8').match(WORD) ?? [])]));
}

/**
 * The one problem of the folder: its Chinese line is `schemas/<path>:<line:column> <pointer>: <text>` with the
 * text containing each of `says`, and no Latin word in the text but the configurator's own words, `allowed`
 * ones (values the schema allows, named as the alternative) and JSON.
 */
function expectChinese(dir: string, problems: SchemaProblem[], path: string, pointer: string, position: string, says: string[], allowed: string[] = []) {
  expect(problems.map(formatProblem)).toHaveLength(1);
  const [p] = problems;
  expect(p).toMatchObject({ pointer });
  expect(p.file.endsWith(path)).toBe(true);
  const line = formatProblemZh(p);
  expect(line.startsWith(`${p.file}:${position} ${pointer}: `), line).toBe(true);
  for (const s of says) expect(line).toContain(s);
  const own = writtenWords(dir, ['menus.json', ORDER, PAGE, 'entities/crew.json', 'dictionaries/order-category.json', path]);
  const foreign = (p.messageZh!.match(WORD) ?? []).filter((w) => !own.has(w) && !allowed.includes(w) && w !== 'JSON');
  expect(foreign, p.messageZh).toEqual([]);
  return line;
}

describe('the tester’s eight mistakes, each a Chinese line with file, pointer, line:column and what would be right', () => {
  it('1. a transition to a state that does not exist names the states there are', () => {
    const { dir, problems } = load((f) => {
      withWorkflow(f);
      order(f).workflow!.transitions[0].to = '9';
    });
    const at = where(dir, ORDER, '"to": "9"', '"to": '.length);
    expectChinese(dir, problems, ORDER, '/workflow/transitions/0/to', at, ['流转“approve”的目标状态“9”不存在，可选：1、2、3、4']);
    expect(formatProblem(problems[0])).toMatch(/work-order\.json: \/workflow\/transitions\/0\/to: "9" is not a state of the workflow$/);
  });

  it('2. a workflow right the menu node lacks names the transition and the rights the node has', () => {
    const { dir, problems } = load((f) => {
      withWorkflow(f);
      order(f).workflow!.transitions[0].action = 'audit';
      page(f).list.rowActions!.push('workflow');
    });
    // Reported at the transition's action, or at the page's workflow button that needs it.
    const places: Record<string, [string, string]> = {
      '/workflow/transitions/0/action': [ORDER, where(dir, ORDER, '"action": "audit"', '"action": '.length)],
      '/list/rowActions/3': [PAGE, where(dir, PAGE, '"workflow"')],
    };
    const found = problems.filter((p) => p.messageZh?.includes('“audit”'));
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      const [path, at] = places[p.pointer];
      expect(p.file.endsWith(path)).toBe(true);
      const line = formatProblemZh(p);
      expect(line.startsWith(`${p.file}:${at} ${p.pointer}: `), line).toBe(true);
      for (const s of ['菜单节点“ops › orders/workOrder”', '“audit”', 'menus.json', '（现有：search、add、edit、delete）']) expect(line).toContain(s);
    }
  });

  it('2b. a workflow right that is no action name at all says what an action may be', () => {
    const { dir, problems } = load((f) => {
      withWorkflow(f);
      order(f).workflow!.transitions[0].action = 'Approve!' as never;
    });
    const at = where(dir, ORDER, '"action": "Approve!"', '"action": '.length);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.pointer).toBe('/workflow/transitions/0/action');
      expect(formatProblemZh(p).startsWith(`${p.file}:${at} /workflow/transitions/0/action: `)).toBe(true);
    }
    expect(problems.map(formatProblemZh).join('\n')).toMatch(/action 只能是 add、edit、delete、audit、export、inport 或 delivery（现为 "Approve!"）/);
  });

  it('3. a bad onDelete says the value it may have', () => {
    const { dir, problems } = load((f) => void (orderField(f, 'crewId').onDelete = 'restrict' as never));
    const at = where(dir, ORDER, '"onDelete": "restrict"', '"onDelete": '.length);
    expectChinese(dir, problems, ORDER, '/fields/4/onDelete', at, ['onDelete 只能是 cascade', '现为 "restrict"'], ['cascade']);
  });

  it('4. invalid JSON gives the line and column of the syntax error, not a character position', () => {
    const files = clone(fixtureFiles());
    const text = `${JSON.stringify(files[PAGE], null, 2)}\n`.replace('"title": "工单",', '"title": "工单"');
    const { dir, problems } = load((f) => void (f[PAGE] = text));
    // The scanner stops at the key after the missing comma: `"entity"` on the next line.
    const at = where(dir, PAGE, '"entity"');
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(formatProblemZh(p)).toBe(`${p.file}:${at} /: 不是有效的 JSON，第 ${at.replace(':', ' 行第 ')} 列：缺少逗号（上一项后面须写英文逗号 ,）`);
    expect(formatProblemZh(p)).not.toMatch(/position/);
    expect(formatProblem(p)).toMatch(/pages\/work-order\.json: \/: not valid JSON: /);
  });

  it('5. an unknown dictionary names the folder and the dictionaries there are', () => {
    const { dir, problems } = load((f) => void (orderField(f, 'category').dictionary = { type: 'orderCategoryX' }));
    const at = where(dir, ORDER, '"type": "orderCategoryX"', '"type": '.length);
    expectChinese(dir, problems, ORDER, '/fields/2/dictionary/type', at, ['字典“orderCategoryX”不存在（schemas/dictionaries/ 中没有此文件），可选：orderCategory']);
  });

  it('6. an unknown field name names the fields of the entity', () => {
    const { dir, problems } = load((f) => void (page(f).list.columns[0].field = 'subject'));
    const at = where(dir, PAGE, '"field": "subject"', '"field": '.length);
    expectChinese(dir, problems, PAGE, '/list/columns/0/field', at, ['实体 WorkOrder 没有字段“subject”，可选：id、title、category、crewKind、crewId、projectId、hours、done、steps、note']);
  });

  it('7. a page naming an unknown entity names the entities there are', () => {
    const { dir, problems } = load((f) => void (page(f).entity = 'WorkOrders'));
    const at = where(dir, PAGE, '"entity": "WorkOrders"', '"entity": '.length);
    expectChinese(dir, problems, PAGE, '/entity', at, ['实体“WorkOrders”不存在（schemas/entities/ 中没有此实体），可选：Crew、WorkOrder']);
  });

  it('8. a page button whose action the menu group lacks names the group and its actions', () => {
    const { dir, problems } = load((f) => void page(f).list.toolbar!.push({ action: 'export', label: '导出' }));
    const at = where(dir, PAGE, '"action": "export"', '"action": '.length);
    expectChinese(dir, problems, PAGE, '/list/toolbar/1/action', at, [
      '菜单节点“ops › orders/workOrder”下没有“export”按钮权限：请在 menus.json 该节点的 actions 中加上它（现有：search、add、edit、delete）',
    ]);
  });

  it('and an unknown key names the keys that may be written there', () => {
    const { dir, problems } = load((f) => void (orderField(f, 'title').requird = true));
    const at = where(dir, ORDER, '"requird": true', '"requird": '.length);
    // The keys a field may have are the names the configurator writes there (the meta-schema's).
    const keys = Object.keys(META_SCHEMAS.entity.$defs.field.properties);
    const line = expectChinese(dir, problems, ORDER, '/fields/1/requird', at, [`不认识的属性“requird”，此处可写的属性：${keys.join('、')}`], keys);
    expect(line).toContain('、required、');
  });
});

describe('codegen prints both lines', () => {
  it('the English line as before, then the Chinese one with line:column', () => {
    const files = clone(fixtureFiles());
    withWorkflow(files);
    order(files).workflow!.transitions[0].to = '9';
    const root = mkdtempSync(join(tmpdir(), 'codegen-zh-'));
    dirs.push(root);
    const schemasDir = writeFixture(files, join(root, 'schemas'));
    const { lines, ok } = runCodegen({ schemasDir, root });
    expect(ok).toBe(false);
    expect(lines[0]).toMatch(/schemas\/entities\/work-order\.json: \/workflow\/transitions\/0\/to: "9" is not a state of the workflow$/);
    expect(lines[1]).toMatch(/schemas\/entities\/work-order\.json:\d+:\d+ \/workflow\/transitions\/0\/to: 流转“approve”的目标状态“9”不存在，可选：1、2、3、4$/);
  });
});

describe('warnings too', () => {
  it('a menu view naming a missing page is a warning in both languages, with its line:column', () => {
    const files = clone(fixtureFiles());
    (files['menus.json'] as MenuFile).menus[0].children![1].view = 'page:crews';
    const root = mkdtempSync(join(tmpdir(), 'codegen-warn-'));
    dirs.push(root);
    const schemasDir = writeFixture(files, join(root, 'schemas'));
    const { lines, ok } = runCodegen({ schemasDir, root });
    expect(ok).toBe(true);
    const at = where(schemasDir, 'menus.json', '"view": "page:crews"', '"view": '.length);
    expect(lines[0]).toMatch(/^warning: .*schemas\/menus\.json: \/menus\/0\/children\/1\/view: no page named "crews" in schemas\/pages\//);
    expect(lines[1]).toMatch(new RegExp(`^warning: .*schemas/menus\\.json:${at} /menus/0/children/1/view: 页面“crews”不存在（schemas/pages/ 中没有此页面），菜单将显示“该页面尚未配置”$`));
  });
});

describe('required + hidden', () => {
  const hidden = (f: FixtureFiles, extra: Partial<EntityField> = {}) => {
    (f['menus.json'] as MenuFile).menus[0].children![0].actions!.push('viewHours');
    Object.assign(orderField(f, 'hours'), { required: true, viewAction: 'viewHours', ...extra });
    (f['seed/work-order.json'] as SeedFile).rows[1].hours = 2;
  };

  it('a required field some role cannot see is refused, in Chinese, naming the way out', () => {
    const { dir, problems } = load((f) => hidden(f));
    expect(problems.map(formatProblem)).toEqual([expect.stringMatching(/\/fields\/6\/required: field "hours" is required but needs viewHours to be seen/)]);
    // The hours field's "required" is the first after its title 工时.
    const text = readFileSync(join(dir, ORDER), 'utf8');
    const at = where(dir, ORDER, '"工时"', text.indexOf('"required"', text.indexOf('"工时"')) - text.indexOf('"工时"') + '"required": '.length);
    expect(formatProblemZh(problems[0])).toMatch(
      new RegExp(`work-order\\.json:${at} /fields/6/required: 字段“hours”`),
    );
    expect(formatProblemZh(problems[0])).toMatch(
      /work-order\.json:\d+:\d+ \/fields\/6\/required: 字段“hours”（工时）是必填的，但需要“viewHours”权限才能看到：没有该权限的角色看不到也填不了它，页面将无法保存。请给字段写一个默认值（"default"/,
    );
  });

  it('is accepted with a default, or with a mask (the masked value may be entered), and a default outside the limits is refused', () => {
    const check = (edit: (f: FixtureFiles) => void) => {
      const files = clone(fixtureFiles());
      edit(files);
      return checkSchemas(toSources(files)).problems;
    };
    expect(check((f) => hidden(f, { default: 0 }))).toEqual([]);
    expect(
      check((f) => {
        (f['menus.json'] as MenuFile).menus[0].children![0].actions!.push('viewTitle');
        Object.assign(orderField(f, 'title'), { viewAction: 'viewTitle', mask: 'idNumber' });
      }),
    ).toEqual([]);
    const below = check((f) => hidden(f, { default: -1 }));
    expect(below.map((p) => p.pointer)).toEqual(['/fields/6/default']);
    expect(below[0].messageZh).toBe('默认值 -1 小于最小值 0：没有“viewHours”权限的角色新增时将无法保存，请改默认值或最小值');
    // An editAction is the same wall for a role without it.
    const edit = check((f) => {
      (f['menus.json'] as MenuFile).menus[0].children![0].actions!.push('editHours');
      Object.assign(orderField(f, 'hours'), { required: true, editAction: 'editHours' });
      (f['seed/work-order.json'] as SeedFile).rows[1].hours = 2;
    });
    expect(edit[0].messageZh).toContain('需要“editHours”权限才能填写');
  });
});

describe('every meta-schema errorMessage has its Chinese text', () => {
  it('META_MESSAGES_ZH covers the errorMessage texts of schemas/meta/*.schema.json', () => {
    const texts = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'errorMessage') walk(value);
        else if (typeof value === 'string') texts.add(value);
        else Object.values(value as Record<string, string>).forEach((t) => texts.add(t));
      }
    };
    Object.values(META_SCHEMAS).forEach(walk);
    expect([...texts].filter((t) => !(t in META_MESSAGES_ZH))).toEqual([]);
  });
});
