import { Alert, Button, Descriptions, Modal, Spin, Typography } from 'antd';
import useSWR from 'swr';
import { MESSAGES } from '../../../../common/constants';
import { getSysNoticeInfo } from '../api/getSysNoticeInfo';
import { failureText } from '../../../lib/http/errors';

type Props = { noticeId: string | null; onClose(): void };

/** The 查看 dialog: the notice as GetSysNoticeInfo returns it. */
export function NoticeDetailModal({ noticeId, onClose }: Props) {
  const { data, error, isLoading } = useSWR(noticeId ? ['/api/SysNotice/GetSysNoticeInfo', noticeId] : null, ([, id]) =>
    getSysNoticeInfo(id),
  );
  const errorText = error ? failureText(error, '加载失败') : null;

  return (
    <Modal
      open={noticeId !== null}
      title={data?.title ?? '通知详情'}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      {isLoading && (
        <Spin tip={MESSAGES.loading}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
      {errorText && <Alert type="error" showIcon message={errorText} />}
      {data && (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'publisher', label: '发布人', children: data.publisher || '—' },
              { key: 'publishTime', label: '发布时间', children: data.publishTime || '—' },
            ]}
          />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{data.content}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
