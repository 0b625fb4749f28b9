// §4 Loading overlay: shown while the counter of overlay requests (src/lib/http/loading.ts) is above
// zero, hidden when it returns to zero. The text is the §8 loading text 加载中请稍后.
import { Spin } from 'antd';
import { MESSAGES } from '../../../common/constants';
import { useLoadingCount } from '../../lib/http/loading';

export function LoadingOverlay() {
  const count = useLoadingCount();
  return count > 0 ? <Spin fullscreen spinning tip={MESSAGES.loading} /> : null;
}
