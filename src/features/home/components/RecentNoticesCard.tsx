import { Link } from 'react-router-dom';
import { Card, List, Tag, Typography } from 'antd';
import { MESSAGES } from '../../../../common/constants';
import { useRecentNotices } from '../api/getSysNoticeList';
import { failureText } from '../../../lib/http/errors';

const NOTICES_PATH = '/MessageNotification/MessageNotifications';

export function RecentNoticesCard() {
  const { data, error, isLoading } = useRecentNotices();
  const errorText = error ? failureText(error, '加载失败') : null;
  return (
    <Card variant="borderless" title="最新通知" extra={<Link to={NOTICES_PATH}>查看全部</Link>} style={{ height: '100%' }}>
      {errorText ? (
        <Typography.Text type="danger">{errorText}</Typography.Text>
      ) : (
        <List
          loading={isLoading ? { tip: MESSAGES.loading } : false}
          dataSource={data?.list ?? []}
          locale={{ emptyText: isLoading ? MESSAGES.loading : '暂无通知' }}
          renderItem={(n) => (
            <List.Item extra={n.isRead === 0 ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>}>
              <List.Item.Meta
                title={
                  <Link to={NOTICES_PATH}>
                    <Typography.Text strong={n.isRead === 0} ellipsis style={{ maxWidth: '100%' }}>
                      {n.title}
                    </Typography.Text>
                  </Link>
                }
                description={`${n.publisher || '—'} · ${n.publishTime || '—'}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
