// /MessageNotification/MessageNotifications (§2.2): the user's system notices (§7.4).
import { useState } from 'react';
import { App, Badge, Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MESSAGES } from '../../../common/constants';
import { hasPermission } from '../../../common/menu-tree';
import type { SysNotice } from '../../../common/wire';
import { useSysNoticeList, type NoticeReadFilter } from './api/getSysNoticeList';
import { updateSysNoticeIsRead } from './api/updateSysNoticeIsRead';
import { delSysNotice } from './api/delSysNotice';
import { failureText, shownByClient } from '../../lib/http/errors';
import { useSession } from '../../lib/session/store';
import { NoticeDetailModal } from './components/NoticeDetailModal';
import { useUnreadNoticeCount } from './useUnreadNoticeCount';
import { useMessage } from '../../lib/ui/message';

const PAGE_SIZES = [10, 20, 50, 100];

/** §6: 删除 shows only when the permission tree grants it (schemas/menus.json: MessageNotification → MessageNotifications → delete). */
const DELETE_GRANT = ['MessageNotification', 'MessageNotifications', 'delete'] as const;

const TABS: { key: NoticeReadFilter; label: string }[] = [
  { key: '', label: '全部' },
  { key: '0', label: '未读' },
  { key: '1', label: '已读' },
];

export function MessageNotifications() {
  const message = useMessage();
  const { modal } = App.useApp();
  const [filter, setFilter] = useState<NoticeReadFilter>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [viewing, setViewing] = useState<string | null>(null);
  const unread = useUnreadNoticeCount();
  const menu = useSession((s) => s.menu);
  const canDelete = hasPermission(menu, ...DELETE_GRANT);

  const { data, error, isLoading, isValidating, mutate } = useSysNoticeList({
    index: page - 1,
    size: pageSize,
    sysNoticeIsRead: filter,
  });
  const list = data?.list ?? [];
  const total = data?.total ?? 0;
  const loadError = error ? failureText(error, '加载失败') : null;

  const refreshAll = () => {
    void mutate();
    unread.refresh();
  };

  const view = async (notice: SysNotice) => {
    setViewing(notice.id);
    if (notice.isRead === 1) return;
    try {
      await updateSysNoticeIsRead(notice.id);
      refreshAll();
    } catch (e) {
      if (!shownByClient(e)) message.error(failureText(e));
    }
  };

  const remove = (notice: SysNotice) => {
    modal.confirm({
      title: '提示',
      content: `此操作将永久删除通知「${notice.title}」, 是否继续?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await delSysNotice(notice.id);
          message.success('删除成功!');
          // The last row of a later page is gone: step back one page.
          if (list.length === 1 && page > 1) setPage(page - 1);
          refreshAll();
        } catch (e) {
          if (!shownByClient(e)) message.error(failureText(e));
        }
      },
      onCancel: () => {
        message.info('已取消删除');
      },
    });
  };

  const columns: TableColumnsType<SysNotice> = [
    { title: '序号', key: 'index', width: 70, align: 'center', render: (_v, _r, i) => (page - 1) * pageSize + i + 1 },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Typography.Link strong={row.isRead === 0} onClick={() => void view(row)}>
          {title}
        </Typography.Link>
      ),
    },
    { title: '发布人', dataIndex: 'publisher', width: 220, ellipsis: true },
    { title: '发布时间', dataIndex: 'publishTime', width: 180 },
    {
      title: '状态',
      dataIndex: 'isRead',
      width: 90,
      align: 'center',
      render: (isRead: 0 | 1) => (isRead === 1 ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      align: 'center',
      render: (_v, row) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => void view(row)}>
            查看
          </Button>
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card title="消息通知" variant="borderless">
        <Tabs
          activeKey={filter}
          onChange={(key) => {
            setFilter(key as NoticeReadFilter);
            setPage(1);
          }}
          items={TABS.map((t) => ({
            key: t.key,
            label:
              t.key === '0' && unread.count > 0 ? (
                <Space size={6}>
                  {t.label}
                  <Badge count={unread.count} size="small" />
                </Space>
              ) : (
                t.label
              ),
          }))}
        />
        {loadError && (
          <Typography.Text type="danger" style={{ display: 'block', marginBottom: 12 }}>
            {loadError}
          </Typography.Text>
        )}
        <Table<SysNotice>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={{ spinning: isLoading || isValidating, tip: MESSAGES.loading }}
          locale={{ emptyText: isLoading ? MESSAGES.loading : '暂无通知' }}
          pagination={{
            current: page,
            pageSize,
            total,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (p, size) => {
              if (size !== pageSize) {
                setPageSize(size);
                setPage(1);
              } else {
                setPage(p);
              }
            },
          }}
        />
      </Card>
      <NoticeDetailModal noticeId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
