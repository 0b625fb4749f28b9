// §2.6 / §9 notice banner (docs/console-shell.md): it exists hidden; 13 s after the back office opens it
// shows the newest unread notice (the list the unread badge reads), and 50 s after it hides again, once
// per opening. 查看 opens the notice and marks it read; × hides it early. No unread notice, no banner.
import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { NOTICE_BANNER_HIDE_AT_MS, NOTICE_BANNER_SHOW_AT_MS } from '../../../common/constants';
import { updateSysNoticeIsRead } from './api/updateSysNoticeIsRead';
import { NoticeDetailModal } from './components/NoticeDetailModal';
import { useUnreadNoticeCount } from './useUnreadNoticeCount';

type Phase = 'waiting' | 'shown' | 'over';

/** The banner's clock: 'waiting' until 13 s, 'shown' until 50 s, then 'over' for good. */
export function useNoticeBannerPhase(): [Phase, () => void] {
  const [phase, setPhase] = useState<Phase>('waiting');
  useEffect(() => {
    const show = setTimeout(() => setPhase((p) => (p === 'waiting' ? 'shown' : p)), NOTICE_BANNER_SHOW_AT_MS);
    const hide = setTimeout(() => setPhase('over'), NOTICE_BANNER_HIDE_AT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);
  return [phase, () => setPhase('over')];
}

export function NoticeBanner() {
  const [phase, close] = useNoticeBannerPhase();
  const { newest, refresh } = useUnreadNoticeCount();
  const [viewing, setViewing] = useState<string | null>(null);

  const view = (id: string) => {
    setViewing(id);
    close();
    void updateSysNoticeIsRead(id).then(refresh, () => undefined);
  };

  return (
    <>
      {phase === 'shown' && newest && (
        <Alert
          banner
          type="info"
          showIcon
          closable
          onClose={close}
          className="notice-banner"
          role="status"
          message={
            <span className="notice-banner-text">
              新通知：{newest.title}
              {newest.publishTime ? `（${newest.publishTime}）` : ''}
            </span>
          }
          action={
            <Button size="small" type="link" onClick={() => view(newest.id)}>
              查看
            </Button>
          }
        />
      )}
      <NoticeDetailModal noticeId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
