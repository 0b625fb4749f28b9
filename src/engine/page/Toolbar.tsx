// Toolbar of a generated page: the schema's toolbar actions the user may use (add, Excel export and
// import), and the column settings.
import { useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import type { ListQuery, PageSchema, ToolbarAction } from '../../../common/metadata';
import type { DataProvider } from '../data/data-provider';
import { ImportDialog } from './ImportReportModal';
import { failureMessage } from './notify-failure';
import { TOOLBAR_LABELS } from './page-messages';
import type { PageAction } from './permissions';
import { useMessage } from '../../lib/ui/message';

type Props = {
  page: PageSchema;
  provider: DataProvider;
  can: (a: PageAction) => boolean;
  query: Omit<ListQuery, 'index' | 'size'>;
  fieldTitle: (field: string) => string;
  /** The add button pressed: the page's add dialog, or 批量新增 for one with `batch`. */
  onAdd: (button: ToolbarAction) => void;
  onImported: () => void;
  extra?: ReactNode;
};

export function Toolbar({ page, provider, can, query, fieldTitle, onAdd, onImported, extra }: Props) {
  const message = useMessage();
  const [busy, setBusy] = useState<'export' | null>(null);
  const [importing, setImporting] = useState(false);
  const actions = (page.list.toolbar ?? []).filter((t) => can(t.action));

  // The export streams: the bytes received so far show in a message until the file is saved.
  const exportFile = async () => {
    setBusy('export');
    const key = 'engine-export';
    const show = (content: string) => void message.open({ key, type: 'loading', content, duration: 0 });
    show('正在导出…');
    try {
      await provider.exportFile(query, `${page.title}.xlsx`, (received, total) => show(exportProgress(received, total)), page.title);
      void message.open({ key, type: 'success', content: '导出完成', duration: 2 });
    } catch (e) {
      message.destroy(key);
      void message.error(failureMessage('导出失败', e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="engine-toolbar">
      <Space wrap>
        {actions.map((t, i) => {
          const label = t.label ?? TOOLBAR_LABELS[t.action];
          if (t.action === 'add')
            return (
              <Button key={`add-${i}`} type={t.batch ? 'default' : 'primary'} icon={<PlusOutlined />} onClick={() => onAdd(t)}>
                {label}
              </Button>
            );
          if (t.action === 'export')
            return (
              <Button key="export" icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportFile()}>
                {label}
              </Button>
            );
          return (
            <Button key="inport" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {label}
            </Button>
          );
        })}
      </Space>
      {extra}
      {importing && <ImportDialog title={page.title} provider={provider} titleOf={fieldTitle} onClose={() => setImporting(false)} onImported={onImported} />}
    </div>
  );
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

/** 正在导出… 已下载 1.2 MB (or 45%, when the size is known). */
export function exportProgress(received: number, total: number | null): string {
  if (total) return `正在导出… ${Math.min(100, Math.round((received / total) * 100))}%`;
  return received > 0 ? `正在导出… 已下载 ${size(received)}` : '正在导出…';
}
