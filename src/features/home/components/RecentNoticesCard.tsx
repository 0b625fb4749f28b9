// The home page's latest notices: a plain list drawn like antd's List (which brings a pager and grid the
// card never uses; issue 11 delivery keeps the first back-office page small).
import { Link } from 'react-router-dom';
import { Card, Spin, Tag, Typography } from 'antd';
import { MESSAGES } from '../../../../common/constants';
import { useRecentNotices } from '../api/getSysNoticeList';
import { failureText } from '../../../lib/http/errors';
import './project-list.css';

const NOTICES_PATH = '/MessageNotification/MessageNotifications';

export function RecentNoticesCard() {
  const { data, error, isLoading } = useRecentNotices();
  const errorText = error ? failureText(error, '加载失败') : null;
  const notices = data?.list ?? [];
  return (
    <Card variant="borderless" title="最新通知" extra={<Link to={NOTICES_PATH}>查看全部</Link>} style={{ height: '100%' }}>
      {errorText ? (
        <Typography.Text type="danger">{errorText}</Typography.Text>
      ) : (
        <Spin spinning={isLoading} tip={MESSAGES.loading}>
          {notices.length === 0 ? (
            <div className="home-project-empty">{isLoading ? MESSAGES.loading : '暂无通知'}</div>
          ) : (
            <ul className="home-notice-list">
              {notices.map((n, i) => (
                <li key={`${n.title}-${i}`} className="home-notice-item">
                  <div className="home-notice-main">
                    <Link to={NOTICES_PATH}>
                      <Typography.Text strong={n.isRead === 0} ellipsis style={{ maxWidth: '100%' }}>
                        {n.title}
                      </Typography.Text>
                    </Link>
                    <div className="home-notice-desc">{`${n.publisher || '—'} · ${n.publishTime || '—'}`}</div>
                  </div>
                  {n.isRead === 0 ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>}
                </li>
              ))}
            </ul>
          )}
        </Spin>
      )}
    </Card>
  );
}
