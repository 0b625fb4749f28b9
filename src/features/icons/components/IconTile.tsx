import { Tooltip, Typography } from 'antd';
import type { IconEntry } from '../iconCatalog';

type Props = { icon: IconEntry; onCopy(icon: IconEntry): void };

export function IconTile({ icon, onCopy }: Props) {
  const { Component, name } = icon;
  return (
    <Tooltip title="点击复制" mouseEnterDelay={0.4}>
      <button type="button" className="icon-gallery-tile" aria-label={name} onClick={() => onCopy(icon)}>
        <span className="icon-gallery-glyph">
          <Component />
        </span>
        <Typography.Text className="icon-gallery-name" ellipsis>
          {name}
        </Typography.Text>
      </button>
    </Tooltip>
  );
}
