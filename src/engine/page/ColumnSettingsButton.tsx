// The column-settings popover: show or hide a column (or all at once), drag it (or move it up and down)
// to reorder, pin it left or right, set its width, or reset to the page's own columns. Each change is saved.
import { useState } from 'react';
import { Button, Checkbox, InputNumber, Popover, Space, Tooltip } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import VerticalLeftOutlined from '@ant-design/icons/es/icons/VerticalLeftOutlined';
import VerticalRightOutlined from '@ant-design/icons/es/icons/VerticalRightOutlined';
import type { SettledColumn } from './column-settings';

type Props = { columns: SettledColumn[]; titleOf: (c: SettledColumn) => string; onChange: (next: SettledColumn[]) => void; onReset: () => void };

/** `from` moved to where `to` is, the others keeping their order. */
export function moveColumn<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function ColumnSettingsButton({ columns, titleOf, onChange, onReset }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const patch = (i: number, p: Partial<SettledColumn>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...p } : c)));
  const shown = columns.filter((c) => c.visible).length;
  // Hiding every column would leave an empty table: "none" keeps the first one.
  const showAll = (on: boolean) => onChange(columns.map((c, i) => ({ ...c, visible: on || i === 0 })));
  const pin = (i: number, side: 'left' | 'right') => patch(i, { fixed: columns[i].fixed === side ? undefined : side });
  const drop = (to: number) => {
    if (dragged !== null && dragged !== to) onChange(moveColumn(columns, dragged, to));
    setDragged(null);
    setOver(null);
  };
  const title = (
    <div className="engine-column-settings-title">
      <Checkbox checked={shown === columns.length} indeterminate={shown > 0 && shown < columns.length} onChange={(e) => showAll(e.target.checked)}>
        列展示（全选）
      </Checkbox>
      <Button type="link" size="small" onClick={onReset}>
        重置
      </Button>
    </div>
  );
  const content = (
    <div className="engine-column-settings" role="list" aria-label="列设置">
      {columns.map((c, i) => (
        <div
          key={c.field}
          role="listitem"
          data-column={c.field}
          className={`engine-column-setting${over === i ? ' engine-column-setting-over' : ''}`}
          draggable
          onDragStart={(e) => {
            setDragged(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', c.field);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            if (over !== i) setOver(i);
          }}
          onDragLeave={() => setOver((o) => (o === i ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            drop(i);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <HolderOutlined className="engine-column-drag" aria-label="拖动排序" />
          <Checkbox checked={c.visible} disabled={c.visible && shown === 1} onChange={(e) => patch(i, { visible: e.target.checked })}>
            {titleOf(c)}
          </Checkbox>
          <Space size={2} className="engine-column-tools">
            <Tooltip title="固定在左侧">
              <Button size="small" type={c.fixed === 'left' ? 'primary' : 'text'} ghost={c.fixed === 'left'} icon={<VerticalRightOutlined />} aria-label={`${titleOf(c)}固定在左侧`} aria-pressed={c.fixed === 'left'} onClick={() => pin(i, 'left')} />
            </Tooltip>
            <Tooltip title="固定在右侧">
              <Button size="small" type={c.fixed === 'right' ? 'primary' : 'text'} ghost={c.fixed === 'right'} icon={<VerticalLeftOutlined />} aria-label={`${titleOf(c)}固定在右侧`} aria-pressed={c.fixed === 'right'} onClick={() => pin(i, 'right')} />
            </Tooltip>
            <InputNumber size="small" min={60} max={800} step={10} placeholder="宽度" value={c.width} aria-label={`${titleOf(c)}宽度`} onChange={(w) => patch(i, { width: w ?? undefined })} style={{ width: 72 }} />
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} onClick={() => onChange(moveColumn(columns, i, i - 1))} />
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label="下移" disabled={i === columns.length - 1} onClick={() => onChange(moveColumn(columns, i, i + 1))} />
          </Space>
        </div>
      ))}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
