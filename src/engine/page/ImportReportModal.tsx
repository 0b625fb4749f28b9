// The 导入 dialog of a generated page (docs/metadata.md "Import"): download the template made from the
// schema, choose a file (.xlsx, .xls or .csv), see a preview of every line with every problem of it (nothing is written), then
// import all lines (all or nothing) or only the valid ones and download the rejected lines as .xlsx with
// their 错误原因. The server checks everything again on import, and inserts each line on its own: a line
// it refuses only then (a number taken meanwhile) is named with the others in the result, every fault of
// every line (行号 and 错误信息).
import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import type { ImportError, ImportLine, ImportMode, ImportReport } from '../../../common/metadata';
import type { DataProvider } from '../data/data-provider';
import { saveFile } from '../data/download';
import { failureMessage } from './notify-failure';
import { useMessage } from '../../lib/ui/message';

type Props = { title: string; provider: DataProvider; titleOf: (field: string) => string; onClose: () => void; onImported: () => void };
type Step = { kind: 'choose' } | { kind: 'checking'; file: File; mode: ImportMode } | { kind: 'preview'; file: File; report: ImportReport } | { kind: 'done'; report: ImportReport };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What the server reads (server/engine/sheet-files.ts): .xlsx, .xls (Excel 97–2003, WPS) and .csv (UTF-8 or GBK). */
const IMPORT_ACCEPT = '.xlsx,.xls,.csv';

function base64Blob(text: string): Blob {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: XLSX });
}

/** A fault as the user reads it: the column's title first, unless the message names it already. */
const faultText = (e: { field?: string; message: string }, titleOf: (field: string) => string) =>
  e.field && !e.message.includes(titleOf(e.field)) ? `${titleOf(e.field)}：${e.message}` : e.message;

/**
 * The preview with the faults an all-or-nothing import met at insert added to their lines (a duplicate
 * only the database found), so the user sees why nothing was imported.
 */
function withFaults(preview: ImportReport, faults: readonly ImportError[]): ImportReport {
  const lines = (preview.lines ?? []).map((l) => {
    const more = faults.filter((f) => f.row === l.row && !l.errors.some((e) => e.field === f.field && e.message === f.message));
    return more.length > 0 ? { ...l, errors: [...l.errors, ...more.map(({ field, message }) => ({ field, message }))] } : l;
  });
  const errors = lines.flatMap((l) => l.errors.map((e) => ({ row: l.row, ...e })));
  return { ...preview, lines, errors, valid: lines.filter((l) => l.errors.length === 0).length };
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function ImportDialog({ title, provider, titleOf, onClose, onImported }: Props) {
  const message = useMessage();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      await provider.importTemplate(title);
    } catch (e) {
      void message.error(failureMessage('模板下载失败', e));
    } finally {
      setTemplateBusy(false);
    }
  };

  const run = async (file: File, mode: ImportMode) => {
    setStep({ kind: 'checking', file, mode });
    try {
      const report = await provider.importFile(file, mode);
      if (mode === 'preview') {
        setOnlyErrors((report.valid ?? 0) < (report.total ?? 0));
        setStep({ kind: 'preview', file, report });
        return;
      }
      if (mode === 'all' && report.inserted === 0) {
        // Refused as a whole (a line went bad since the preview, or failed at insert): back to the preview
        // with the news, the insert's faults in their lines.
        setStep({ kind: 'preview', file, report: withFaults(await provider.importFile(file, 'preview'), report.errors) });
        void message.error(`导入失败：${new Set(report.errors.map((e) => e.row)).size}行数据有误，未导入任何数据`);
        return;
      }
      if (report.inserted > 0) onImported();
      if (report.errors.length === 0) {
        void message.success(`导入成功，共导入${report.inserted}条`);
        onClose();
        return;
      }
      setStep({ kind: 'done', report });
    } catch (e) {
      void message.error(failureMessage('导入失败', e));
      setStep({ kind: 'choose' });
    }
  };

  const downloadRejected = (report: ImportReport) => {
    if (!report.rejectedFile) return;
    saveFile({ blob: base64Blob(report.rejectedFile), fileName: `${title}_未导入数据.xlsx` });
  };

  const footer = (() => {
    if (step.kind === 'preview') {
      const { report, file } = step;
      const bad = (report.total ?? 0) - (report.valid ?? 0);
      return (
        <Space>
          <Button onClick={() => setStep({ kind: 'choose' })}>重新选择文件</Button>
          <Button disabled={!report.valid} onClick={() => void run(file, 'valid')}>
            仅导入有效行（{report.valid ?? 0}条）
          </Button>
          <Button type="primary" disabled={bad > 0} title={bad > 0 ? '有错误行时不能全部导入' : undefined} onClick={() => void run(file, 'all')}>
            全部导入（{report.total ?? 0}条）
          </Button>
        </Space>
      );
    }
    if (step.kind === 'done') {
      return (
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => downloadRejected(step.report)}>
            下载未导入的行
          </Button>
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        </Space>
      );
    }
    return <Button onClick={onClose}>取消</Button>;
  })();

  return (
    <Modal open title={`导入${title}`} width={step.kind === 'preview' ? 1000 : 640} onCancel={onClose} footer={footer} maskClosable={false} destroyOnHidden>
      {step.kind === 'choose' && (
        <div className="engine-import-choose">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="请先下载导入模板，按模板填写后上传；标 * 的列必填，带下拉的列请从列表中选择。身份证号、银行卡号等长数字须以文本格式填写（模板中已设为文本），数字格式会丢失末几位。上传后先预览校验结果，确认后再导入。"
          />
          <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void downloadTemplate()} style={{ marginBottom: 16 }}>
            下载导入模板
          </Button>
          <Upload.Dragger accept={IMPORT_ACCEPT} multiple={false} showUploadList={false} beforeUpload={(f) => (void run(f, 'preview'), false)}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx、.xls）或 CSV 文件（.csv）到此处</p>
            <p className="ant-upload-hint">一次最多 5000 行，文件不超过 10MB；CSV 可为 UTF-8 或 GBK 编码</p>
          </Upload.Dragger>
        </div>
      )}
      {step.kind === 'checking' && <Checking file={step.file} mode={step.mode} />}
      {step.kind === 'preview' && <Preview report={step.report} titleOf={titleOf} onlyErrors={onlyErrors} setOnlyErrors={setOnlyErrors} />}
      {step.kind === 'done' && (
        <>
          <Alert
            type="warning"
            showIcon
            message={`成功导入${step.report.inserted}条，${new Set(step.report.errors.map((e) => e.row)).size}条有误未导入`}
            description="以下各行未导入。请下载未导入的行，按“错误原因”列修改后重新导入（该文件可直接导入）。"
            style={{ marginBottom: 12 }}
          />
          <Failures errors={step.report.errors} titleOf={titleOf} />
        </>
      )}
    </Modal>
  );
}

/** The lines an import left out, each with every fault it has (行号 as in the file). */
function Failures({ errors, titleOf }: { errors: readonly ImportError[]; titleOf: (f: string) => string }) {
  const rows = useMemo(() => {
    const byRow = new Map<number, string[]>();
    for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), faultText(e, titleOf)]);
    return [...byRow].sort(([a], [b]) => a - b).map(([row, faults]) => ({ row, faults }));
  }, [errors, titleOf]);
  return (
    <Table<{ row: number; faults: string[] }>
      data-testid="import-failures"
      className="engine-import-failures"
      size="small"
      rowKey="row"
      dataSource={rows}
      scroll={{ y: 320 }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      columns={[
        { title: '行号', dataIndex: 'row', width: 72 },
        {
          title: '错误信息',
          key: 'faults',
          render: (_: unknown, r) => (
            <ul className="engine-import-errors" style={{ margin: 0, paddingLeft: 16, color: '#cf1322' }}>
              {r.faults.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

/** While the server reads and checks the file: what is going on and how big it is (long files take a while). */
function Checking({ file, mode }: { file: File; mode: ImportMode }) {
  const text = mode === 'preview' ? '正在读取并校验文件' : '正在导入';
  return (
    <div className="engine-import-checking" role="status" style={{ padding: '32px 0', textAlign: 'center' }}>
      <Progress type="line" percent={100} status="active" showInfo={false} />
      <Typography.Paragraph style={{ marginTop: 12 }}>
        {text}：{file.name}（{kb(file.size)}）…
      </Typography.Paragraph>
      <Typography.Text type="secondary">行数较多时需要一些时间，请勿关闭窗口</Typography.Text>
    </div>
  );
}

function Preview({ report, titleOf, onlyErrors, setOnlyErrors }: { report: ImportReport; titleOf: (f: string) => string; onlyErrors: boolean; setOnlyErrors: (v: boolean) => void }) {
  const lines = useMemo(() => report.lines ?? [], [report]);
  const bad = lines.filter((l) => l.errors.length > 0).length;
  const shown = useMemo(() => (onlyErrors ? lines.filter((l) => l.errors.length > 0) : lines), [lines, onlyErrors]);
  const columns = [
    { title: '行号', dataIndex: 'row', width: 64, fixed: 'left' as const },
    {
      title: '校验结果',
      key: 'state',
      width: 90,
      fixed: 'left' as const,
      render: (_: unknown, l: ImportLine) => (l.errors.length ? <Tag color="error">{l.errors.length}处错误</Tag> : <Tag color="success">可导入</Tag>),
    },
    {
      title: '错误信息',
      key: 'errors',
      width: 280,
      render: (_: unknown, l: ImportLine) =>
        l.errors.length === 0 ? '—' : (
          <ul className="engine-import-errors" style={{ margin: 0, paddingLeft: 16, color: '#cf1322' }}>
            {l.errors.map((e, i) => (
              <li key={i}>{faultText(e, titleOf)}</li>
            ))}
          </ul>
        ),
    },
    ...(report.columns ?? []).map((c) => ({
      title: c.required ? `*${c.title}` : c.title,
      key: c.field,
      width: Math.min(240, Math.max(96, c.title.length * 16 + 32)),
      ellipsis: true,
      render: (_: unknown, l: ImportLine) => {
        const wrong = l.errors.some((e) => e.field === c.field);
        return <span style={wrong ? { color: '#cf1322', fontWeight: 500 } : undefined}>{l.cells[c.field] || (wrong ? '（空）' : '')}</span>;
      },
    })),
  ];
  return (
    <div className="engine-import-preview">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text data-testid="import-summary">
          共 {report.total ?? lines.length} 行，可导入 <Typography.Text type="success">{report.valid ?? 0}</Typography.Text> 行，有错误{' '}
          <Typography.Text type="danger">{bad}</Typography.Text> 行（{report.errors.length} 处错误）
          {report.exampleSkipped ? '，已跳过模板中的示例行' : ''}
        </Typography.Text>
        <Space>
          <span>仅看错误行</span>
          <Switch size="small" aria-label="仅看错误行" checked={onlyErrors} onChange={setOnlyErrors} />
        </Space>
      </Space>
      <Table<ImportLine> size="small" rowKey="row" dataSource={shown} columns={columns} scroll={{ x: 'max-content', y: 360 }} pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }} />
    </div>
  );
}
