// Checks of the fields' numbering rules (docs/metadata.md "Numbering"), part of common/metadata/check.ts:
// a stored text field; a pattern of literal text, date tokens and one {seq:N}; a reset period the pattern
// shows (else a restarted sequence would give a number twice); a scope the entity has and at least as wide
// as the field's unique rule; a number that fits the field's maxLength and pattern.
import type { EntityField, EntitySchema, NumberingRule } from '../metadata';
import { dateLetters, formatNumber, parseNumberingPattern, RESET_NEEDS } from './numbering';
import { pointer, type Report } from './problems';

/** How many rows a sequence of each scope spans: a rule's numbers are unique if its scope is at least the unique rule's. */
const WIDTH: Readonly<Record<NumberingRule['scope'], number>> = { project: 0, company: 1, global: 2 };
const SCOPE_ZH: Readonly<Record<NumberingRule['scope'], string>> = { project: '每个项目', company: '每个公司', global: '全表' };
const LETTER_ZH: Readonly<Record<string, string>> = { y: '年（yyyy 或 yy）', M: '月（MM）', d: '日（dd）' };
/** 2026-12-31 23:00 China time, sequence 1: a long sample of each date part. */
const SAMPLE_AT = Date.UTC(2026, 11, 31, 15);

function checkField(file: string, entity: EntitySchema, f: EntityField, i: number, report: Report): void {
  const rule = f.numbering as NumberingRule;
  const at = (...rest: Array<string | number>) => pointer('fields', i, 'numbering', ...rest);
  const named = `字段“${f.name}”（${f.title}）`;
  if (f.type !== 'string') report(file, at(), `numbering assigns text: field "${f.name}" is of type "${f.type}", not "string"`, `${named}是 ${f.type} 类型：编码规则只用于 string 类型的字段`);
  if (f.virtual) report(file, at(), `field "${f.name}" is virtual: a number needs a column`, `${named}是虚拟字段（virtual）：编号须存在表的列中，请去掉 virtual`);
  for (const key of ['formula', 'default', 'enum', 'dictionary'] as const) {
    if (f[key] !== undefined) report(file, pointer('fields', i, key), `a numbered field takes no ${key}: the server assigns its value`, `${named}有编码规则，值由服务器生成：不能再写 ${key}`);
  }
  if (f.readOnly === false) report(file, pointer('fields', i, 'readOnly'), 'a numbered field is read-only', `${named}有编码规则，值由服务器生成，是只读的：请去掉 "readOnly": false`);
  const parsed = parseNumberingPattern(rule.pattern);
  if ('error' in parsed) return report(file, at('pattern'), ...parsed.error);
  const letters = dateLetters(parsed.parts);
  const missing = RESET_NEEDS[rule.reset].filter((l) => !letters.has(l));
  if (missing.length > 0) {
    report(file, at('reset'), `reset "${rule.reset}" restarts the sequence, so the pattern must show ${missing.join(', ')} (else a number repeats)`,
      `reset 为 ${rule.reset} 时流水号会重新从 1 开始，编码规则须含${missing.map((l) => LETTER_ZH[l]).join('、')}，否则编号会重复：如 {yyyyMMdd}`);
  }
  if (rule.scope === 'project' && entity.scope !== 'project') {
    report(file, at('scope'), `scope "project" needs a project entity (scope is "${entity.scope}")`, `实体 ${entity.name} 的数据不属于项目（scope 为 ${entity.scope}）：编码规则的 scope 请改为 company 或 global`);
  }
  const unique = (entity.unique ?? []).filter((u) => u.fields.length === 1 && u.fields[0] === f.name);
  if (unique.length === 0) {
    report(file, at(), `a numbered field needs a unique rule of its own ("unique": [{ "fields": ["${f.name}"], … }]): the index is what refuses a number given twice`,
      `${named}有编码规则，须同时声明唯一规则 "unique": [{ "fields": ["${f.name}"], "scope": "${rule.scope}" }]：由唯一索引保证编号不重复`);
  }
  for (const u of unique) {
    if (WIDTH[rule.scope] < WIDTH[u.scope]) {
      report(file, at('scope'), `numbering scope "${rule.scope}" is narrower than the unique rule's "${u.scope}": two sequences would give the same number`,
        `编码规则按${SCOPE_ZH[rule.scope]}编号（${rule.scope}），但唯一规则要求${SCOPE_ZH[u.scope]}不重复（${u.scope}）：不同${SCOPE_ZH[rule.scope].slice(2)}会生成相同编号，请把 scope 改为 ${u.scope}`);
    }
  }
  const sample = formatNumber(parsed.parts, SAMPLE_AT, 1);
  if (f.maxLength !== undefined && sample.length > f.maxLength) {
    report(file, at('pattern'), `a number such as "${sample}" is longer than maxLength ${f.maxLength}`, `按编码规则生成的编号（如“${sample}”）超过了字段的最大长度 ${f.maxLength}：请缩短规则或加大 maxLength`);
  }
  if (f.pattern !== undefined && !new RegExp(f.pattern).test(sample)) {
    report(file, at('pattern'), `a number such as "${sample}" does not match the field's pattern ${f.pattern}`, `按编码规则生成的编号（如“${sample}”）不符合字段的 pattern ${f.pattern}：请修改编码规则中的文字`);
  }
}

export function checkNumbering(file: string, entity: EntitySchema, report: Report): void {
  entity.fields.forEach((f, i) => {
    if (f.numbering) checkField(file, entity, f, i, report);
  });
}
