// Toolbar of a generated page: the schema's toolbar actions the user may use (add, Excel export and
// import), and the column settings.
import { useState, type ReactNode } from 'react';
import { App, Button, Space, Upload } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportReport, ListQuery, PageSchema } from '../../../common/metadata';
import type { DataProvider } from '../data/data-provider';
import { ImportReportModal } from './ImportReportModal';
import { failureMessage } from './notify-failure';
import { TOOLBAR_LABELS } from './page-messages';
import type { PageAction } from './permissions';

type Props = {
  page: PageSchema;
  provider: DataProvider;
  can: (a: PageAction) => boolean;
  query: Omit<ListQuery, 'index' | 'size'>;
  fieldTitle: (field: string) => string;
  onAdd: () => void;
  onImported: () => void;
  extra?: ReactNode;
};

export function Toolbar({ page, provider, can, query, fieldTitle, onAdd, onImported, extra }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'export' | 'inport' | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const actions = (page.list.toolbar ?? []).filter((t) => can(t.action));

  const exportFile = async () => {
    setBusy('export');
    try {
      await provider.exportFile(query, `${page.title}.xlsx`);
    } catch (e) {
      void message.error(failureMessage('导出失败', e));
    } finally {
      setBusy(null);
    }
  };
  const importFile = async (file: File) => {
    setBusy('inport');
    try {
      const r = await provider.importFile(file);
      if (r.errors.length) setReport(r);
      else {
        void message.success(`导入成功，共导入${r.inserted}条`);
        onImported();
      }
    } catch (e) {
      void message.error(failureMessage('导入失败', e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="engine-toolbar">
      <Space wrap>
        {actions.map((t) => {
          const label = t.label ?? TOOLBAR_LABELS[t.action];
          if (t.action === 'add')
            return (
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
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
            <Upload key="inport" accept=".xlsx" showUploadList={false} beforeUpload={(f) => (void importFile(f), false)}>
              <Button icon={<UploadOutlined />} loading={busy === 'inport'}>
                {label}
              </Button>
            </Upload>
          );
        })}
      </Space>
      {extra}
      {report && <ImportReportModal report={report} titleOf={fieldTitle} onClose={() => setReport(null)} />}
    </div>
  );
}
