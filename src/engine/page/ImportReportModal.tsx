// The row-by-row report of an Excel import that was refused (nothing is inserted if any row is bad).
import { Modal, Table, Typography } from 'antd';
import type { ImportReport } from '../../../common/metadata';

export function ImportReportModal({ report, titleOf, onClose }: { report: ImportReport; titleOf: (field: string) => string; onClose: () => void }) {
  return (
    <Modal open title="导入结果" width={720} onCancel={onClose} onOk={onClose} okText="确定" cancelButtonProps={{ style: { display: 'none' } }}>
      <Typography.Paragraph type="danger">共 {report.errors.length} 处错误，未导入任何数据，请修改后重新导入。</Typography.Paragraph>
      <Table
        size="small"
        rowKey={(r) => `${r.row}-${r.field ?? ''}-${r.message}`}
        dataSource={report.errors}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: '行号', dataIndex: 'row', width: 80 },
          { title: '字段', dataIndex: 'field', width: 160, render: (f?: string) => (f ? titleOf(f) : '-') },
          { title: '错误信息', dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
