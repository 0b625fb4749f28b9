// The table's own tools at the toolbar's right: refresh, density (默认/中等/紧凑) and column settings.
import type { ReactNode } from 'react';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import ColumnHeightOutlined from '@ant-design/icons/es/icons/ColumnHeightOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { getListDensity, setListDensity } from '../../lib/storage';

export type Density = 'large' | 'middle' | 'small';
export const DENSITY_LABELS: Readonly<Record<Density, string>> = { large: '默认', middle: '中等', small: '紧凑' };

/**
 * Lists open 紧凑 (rows of 41 px): of a page of 20 rows at least 15 are in view on a 1080 px high screen
 * below the search form and toolbar (中等's 49 px rows showed 12 or 13 — issue 27, docs/configuring-pages.md).
 */
export const DEFAULT_DENSITY: Density = 'small';

/** A page's density as this browser last chose it (kept across reloads, src/lib/storage.ts), else 紧凑. */
export function storedDensity(page: string): Density {
  const saved = getListDensity(page);
  return saved !== null && saved in DENSITY_LABELS ? (saved as Density) : DEFAULT_DENSITY;
}
export const storeDensity = (page: string, density: Density): void => setListDensity(page, density);

type Props = { density: Density; onDensity: (d: Density) => void; onRefresh: () => void; refreshing: boolean; children?: ReactNode };

export function TableTools({ density, onDensity, onRefresh, refreshing, children }: Props) {
  return (
    <Space size={4} className="engine-table-tools">
      <Tooltip title="刷新">
        <Button icon={<ReloadOutlined spin={refreshing} />} aria-label="刷新" onClick={onRefresh} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: (Object.keys(DENSITY_LABELS) as Density[]).map((d) => ({ key: d, label: DENSITY_LABELS[d] })),
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title="密度">
          <Button icon={<ColumnHeightOutlined />} aria-label="密度" />
        </Tooltip>
      </Dropdown>
      {children}
    </Space>
  );
}
