// The answer options of one question as a disabled radio group: the viewer is read-only (§2.8).
import { Radio } from 'antd';
import type { AnswerOption } from '../model';

type Props = { options: readonly AnswerOption[]; label: string; buttons?: boolean };

export function AnswerRadios({ options, label, buttons = false }: Props) {
  if (options.length === 0) return <span className="record-muted">未设置选项</span>;
  return (
    <Radio.Group
      disabled
      aria-label={label}
      optionType={buttons ? 'button' : 'default'}
      size="small"
      options={options.map((o, i) => ({ label: o.name, value: o.value ?? o.id ?? String(i) }))}
    />
  );
}
