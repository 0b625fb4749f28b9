// The icon gallery (§2.4, §9): @ant-design/icons by theme, searchable, 72 per page; a click copies the icon.
import { useMemo, useState } from 'react';
import { Card, Empty, Input, Pagination, Radio, Segmented, Space, Typography } from 'antd';
import { ICON_PAGE_SIZE } from '../../../common/constants';
import { ICONS, THEMES, type IconEntry, type IconTheme } from './iconCatalog';
import { copyText } from '../../lib/clipboard';
import { IconTile } from './components/IconTile';
import { useMessage } from '../../lib/ui/message';

type CopyMode = 'jsx' | 'name';

const TILE_CSS = `
.icon-gallery-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 12px; }
.icon-gallery-tile { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 10px;
  height: 104px; padding: 8px; border: 1px solid #f0f0f0; border-radius: 8px; background: #fff; cursor: pointer;
  transition: all .2s; font: inherit; min-width: 0; }
.icon-gallery-tile:hover { border-color: #1664e0; box-shadow: 0 2px 8px rgba(22,119,255,.15); }
.icon-gallery-tile:hover .icon-gallery-glyph { color: #1664e0; transform: scale(1.2); }
.icon-gallery-tile:focus-visible { outline: 2px solid #1664e0; outline-offset: 1px; }
.icon-gallery-glyph { font-size: 28px; color: #262626; transition: all .2s; line-height: 1; }
.icon-gallery-name { max-width: 100%; font-size: 12px; color: #595959; }
`;

export function IconGallery() {
  const message = useMessage();
  const [theme, setTheme] = useState<IconTheme>('Outlined');
  const [keyword, setKeyword] = useState('');
  const [mode, setMode] = useState<CopyMode>('jsx');
  const [page, setPage] = useState(1);

  const matches = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return ICONS.filter((i) => i.theme === theme && (!k || i.name.toLowerCase().includes(k)));
  }, [theme, keyword]);
  const shown = matches.slice((page - 1) * ICON_PAGE_SIZE, page * ICON_PAGE_SIZE);

  const copy = async (icon: IconEntry) => {
    const text = mode === 'jsx' ? `<${icon.name} />` : icon.name;
    if (await copyText(text)) message.success('复制成功');
    else message.error('复制失败，请手动复制');
  };

  return (
    <>
      <style>{TILE_CSS}</style>
      <Card variant="borderless" title="图标库" extra={<Typography.Text type="secondary">共 {matches.length} 个图标</Typography.Text>}>
        <Space wrap size={[16, 12]} style={{ marginBottom: 20 }}>
          <Segmented<IconTheme>
            value={theme}
            options={THEMES}
            onChange={(v) => {
              setTheme(v);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            placeholder="搜索图标名称"
            style={{ width: 280 }}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              setPage(1);
            }}
          />
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as CopyMode)} optionType="button">
            <Radio.Button value="jsx">复制代码</Radio.Button>
            <Radio.Button value="name">复制名称</Radio.Button>
          </Radio.Group>
        </Space>
        {shown.length === 0 ? (
          <Empty description="没有找到相关图标" />
        ) : (
          <div className="icon-gallery-grid">
            {shown.map((icon) => (
              <IconTile key={icon.name} icon={icon} onCopy={(i) => void copy(i)} />
            ))}
          </div>
        )}
        <Pagination
          style={{ marginTop: 24, justifyContent: 'flex-end' }}
          current={page}
          pageSize={ICON_PAGE_SIZE}
          total={matches.length}
          showSizeChanger={false}
          showQuickJumper
          hideOnSinglePage
          showTotal={(n) => `共 ${n} 个`}
          onChange={setPage}
        />
      </Card>
    </>
  );
}
