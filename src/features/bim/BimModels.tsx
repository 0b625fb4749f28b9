// 项目管理 › BIM模型 (/projectManage/bimModel, docs/share-links.md): the projects in scope with their IFC
// model — 查看模型 opens the viewer in the console, 上传模型 (the page's edit action) takes a .ifc file up to
// 50 MB, 分享链接 makes a signed link to /ifc for people without an account.
import { Button, Card, Input, Modal, Space, Table, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { hasPermission } from '../../../common/menu-tree';
import { BIM_MAX_BYTES, SHARE_MESSAGES, type BimProjectRow } from '../../../common/share';
import { failureText } from '../../lib/http/errors';
import { useSession } from '../../lib/session/store';
import { ShareLinkButton } from '../../lib/share/ShareLinkButton';
import { chinaFormat } from '../../lib/time/china-time';
import { useMessage } from '../../lib/ui/message';
import { modelFile, uploadModel, useBimModels } from './api';
import { IfcViewer } from './IfcViewer';

const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function UploadButton({ row, onDone }: { row: BimProjectRow; onDone: () => void }) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept=".ifc"
      showUploadList={false}
      beforeUpload={(file) => {
        if (!/\.ifc$/i.test(file.name)) {
          message.error(SHARE_MESSAGES.ifcExtension);
          return Upload.LIST_IGNORE;
        }
        if (file.size > BIM_MAX_BYTES) {
          message.error(SHARE_MESSAGES.ifcTooLarge);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file }) => {
        setBusy(true);
        uploadModel(row.projectId, file as File)
          .then(() => {
            message.success(SHARE_MESSAGES.uploaded);
            onDone();
          })
          .catch((e: unknown) => message.error(failureText(e, 'BIM模型上传失败')))
          .finally(() => setBusy(false));
      }}
    >
      <Button size="small" type="link" loading={busy}>
        上传模型
      </Button>
    </Upload>
  );
}

export function BimModels() {
  const models = useBimModels();
  const canUpload = useSession((s) => hasPermission(s.menu, 'projectManage', 'bimModel', 'edit'));
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<BimProjectRow | null>(null);
  const rows = useMemo(() => {
    const k = keyword.trim();
    return (models.data ?? []).filter((r) => !k || r.projectName.includes(k) || r.projectNo.includes(k));
  }, [models.data, keyword]);

  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="请输入项目名称或编号" onSearch={setKeyword} style={{ width: 280 }} aria-label="搜索项目" />
      </Space>
      <Table<BimProjectRow>
        rowKey="projectId"
        size="small"
        loading={models.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 个项目` }}
        locale={{ emptyText: models.error ? failureText(models.error, '加载失败') : '暂无项目' }}
        columns={[
          { title: '项目编号', dataIndex: 'projectNo', width: 140 },
          { title: '项目名称', dataIndex: 'projectName', ellipsis: true },
          { title: '模型文件', key: 'file', ellipsis: true, render: (_, r) => r.model?.fileName ?? '未上传' },
          { title: '大小', key: 'size', width: 90, render: (_, r) => (r.model ? sizeText(r.model.size) : '') },
          { title: '上传人', key: 'by', width: 100, render: (_, r) => r.model?.uploadedBy ?? '' },
          { title: '上传时间', key: 'at', width: 150, render: (_, r) => (r.model ? chinaFormat(r.model.uploadedAt, 'YYYY-MM-DD HH:mm') : '') },
          {
            title: '操作',
            key: 'actions',
            width: 260,
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" disabled={!r.model} onClick={() => setViewing(r)}>
                  查看模型
                </Button>
                {canUpload && <UploadButton row={r} onDone={() => void models.mutate()} />}
                {r.model && <ShareLinkButton kind="bim" id={r.projectId} label="分享链接" subject={`${r.projectName} · ${r.model.fileName}`} size="small" type="link" />}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        title={viewing ? `BIM模型：${viewing.projectName}` : ''}
        onCancel={() => setViewing(null)}
        footer={null}
        width="80vw"
        destroyOnHidden
        styles={{ body: { height: '70vh', padding: 0 } }}
      >
        {viewing?.model && <IfcViewer key={viewing.projectId} load={(signal) => modelFile(viewing.projectId, signal)} title={viewing.model.fileName} />}
      </Modal>
    </Card>
  );
}
