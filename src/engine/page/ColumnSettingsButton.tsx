// The column-settings popover: show or hide a column, move it, set its width. Each change is saved.
import { Button, Checkbox, InputNumber, Popover, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { SettledColumn } from './column-settings';

type Props = { columns: SettledColumn[]; titleOf: (c: SettledColumn) => string; onChange: (next: SettledColumn[]) => void };

export function ColumnSettingsButton({ columns, titleOf, onChange }: Props) {
  const move = (i: number, d: -1 | 1) => {
    const next = [...columns];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange(next);
  };
  const patch = (i: number, p: Partial<SettledColumn>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...p } : c)));
  const content = (
    <Space direction="vertical" size={4} style={{ minWidth: 300 }}>
      {columns.map((c, i) => (
        <Space key={c.field} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Checkbox
            checked={c.visible}
            disabled={c.visible && columns.filter((x) => x.visible).length === 1}
            onChange={(e) => patch(i, { visible: e.target.checked })}
          >
            {titleOf(c)}
          </Checkbox>
          <Space size={2}>
            <InputNumber size="small" min={60} max={800} step={10} placeholder="宽度" value={c.width} aria-label={`${titleOf(c)}宽度`} onChange={(w) => patch(i, { width: w ?? undefined })} style={{ width: 80 }} />
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} onClick={() => move(i, -1)} />
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label="下移" disabled={i === columns.length - 1} onClick={() => move(i, 1)} />
          </Space>
        </Space>
      ))}
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
