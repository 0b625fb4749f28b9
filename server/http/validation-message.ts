// Turns ajv's validation errors into the Chinese detail of docs/api.md: 请求参数格式错误 plus the field.
import { MESSAGES } from '../../common/constants';

export type ValidationIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
};

const fieldOf = (instancePath: string): string => instancePath.replace(/^\//, '').replace(/\//g, '.');

function reason(issue: ValidationIssue): string {
  const field = fieldOf(issue.instancePath);
  switch (issue.keyword) {
    case 'required':
      return `缺少字段 ${String(issue.params.missingProperty)}`;
    case 'additionalProperties':
      return `不支持的字段 ${String(issue.params.additionalProperty)}`;
    case 'type':
      return field ? `字段 ${field} 类型错误` : '请求体必须是 JSON 对象';
    case 'minLength':
    case 'maxLength':
      return `字段 ${field} 长度不符合要求`;
    case 'minimum':
    case 'maximum':
    case 'finite':
      return `字段 ${field} 超出允许范围`;
    case 'enum':
    case 'const':
      return `字段 ${field} 取值无效`;
    case 'pattern':
    case 'format':
      return `字段 ${field} 格式错误`;
    default:
      return field ? `字段 ${field} 无效` : '请求参数无效';
  }
}

export function validationDetail(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  return first ? `${MESSAGES.badRequest}：${reason(first)}` : MESSAGES.badRequest;
}
