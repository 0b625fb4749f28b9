// SysNotice of docs/api.md.
import type { SysNotice } from '../../common/wire';
import { formatDateTime } from '../platform/time';
import type { NoticeRow } from '../platform/notices';

export const toSysNotice = (n: NoticeRow): SysNotice => ({
  id: String(n.id),
  title: n.title,
  content: n.content,
  publisher: n.publisher,
  publishTime: formatDateTime(n.published_at),
  isRead: n.read_at === null ? 0 : 1,
});
