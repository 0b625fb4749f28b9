// The Formily validator rules of one entity field: required with the field's Chinese message, lengths,
// bounds, pattern, enum and the shared §5.5 format checks (common/validators FORMATS — the same
// implementation the server's ajv formats use).
import { FORMATS, normaliseFormat, normalises } from '../../../common/validators';
import type { EntityField } from '../../../common/metadata';
import { afterMessage, isBefore } from '../../../common/metadata/field-order';

/** What Formily hands a validator besides the value: the form, for rules across fields. */
type ValidatorContext = { form?: { values?: Record<string, unknown> } };

export type Rule = {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: Array<string | number>;
  validator?: (value: unknown, rule?: unknown, ctx?: ValidatorContext) => boolean;
  message: string;
  triggerType?: 'onInput' | 'onBlur' | 'onFocus';
};

/** Components a user chooses from (请选择…) rather than types into (请输入…). */
const CHOOSING = new Set(['DictSelect', 'ProjectSelect', 'CompanyCascader', 'DatePicker', 'DateRange', 'ImageUpload', 'FileUpload', 'Select', 'Switch']);

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export const requiredMessage = (field: Pick<EntityField, 'title' | 'messages'>, component: string): string =>
  field.messages?.required ?? `${CHOOSING.has(component) ? '请选择' : '请输入'}${field.title}`;

/**
 * The rules of one field; `partner` finds another field of the entity by name, for the cross-field
 * `after` rule (an end date not before its start date, the same comparison the server makes).
 */
export function fieldRules(field: EntityField, component: string, partner?: (name: string) => EntityField | undefined): Rule[] {
  const m = field.messages ?? {};
  const t = field.title;
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: requiredMessage(field, component) });
  const minMessage = m.minLength ?? `${t}不能少于${field.minLength}个字`;
  const maxMessage = m.maxLength ?? `${t}不能超过${field.maxLength}个字`;
  if (normalises(field.format)) {
    // The lengths are the stored text's, as on the server: +86 138 1234 5678 is 11 digits (common/validators.ts).
    const length = (v: unknown) => String(normaliseFormat(field.format, String(v))).length;
    const { minLength: min, maxLength: max } = field;
    if (min !== undefined) rules.push({ validator: (v) => isEmptyValue(v) || length(v) >= min, message: minMessage });
    if (max !== undefined) rules.push({ validator: (v) => isEmptyValue(v) || length(v) <= max, message: maxMessage });
  } else {
    if (field.minLength !== undefined) rules.push({ minLength: field.minLength, message: minMessage });
    if (field.maxLength !== undefined) rules.push({ maxLength: field.maxLength, message: maxMessage });
  }
  if (field.minimum !== undefined) rules.push({ minimum: field.minimum, message: m.minimum ?? `${t}不能小于${field.minimum}` });
  if (field.maximum !== undefined) rules.push({ maximum: field.maximum, message: m.maximum ?? `${t}不能大于${field.maximum}` });
  if (field.pattern) {
    const re = new RegExp(field.pattern);
    rules.push({ validator: (v) => isEmptyValue(v) || re.test(String(v)), message: m.pattern ?? `${t}格式不正确` });
  }
  if (field.format) {
    const format = FORMATS[field.format];
    rules.push({ validator: (v) => isEmptyValue(v) || format.test(String(v)), message: m.format ?? format.message });
  }
  if (field.enum) {
    const allowed = field.enum.map(String);
    rules.push({ validator: (v) => isEmptyValue(v) || allowed.includes(String(v)), message: m.enum ?? `${t}取值不正确` });
  }
  const other = field.after ? partner?.(field.after) : undefined;
  if (other) {
    rules.push({
      validator: (v, _rule, ctx) => !isBefore(field.type, v, ctx?.form?.values?.[other.name]),
      message: afterMessage(field, other),
    });
  }
  return rules;
}
