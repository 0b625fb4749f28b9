// The 该页面尚未配置 result of a menu item whose view key is not registered (src/app/views.ts); its own
// chunk, loaded only when such an item is opened.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../lib/session/actions';

export function UnconfiguredView({ viewKey }: { viewKey: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="该页面尚未配置"
      subTitle={viewKey ? `视图 “${viewKey}” 尚未注册，请联系管理员配置该页面。` : '该菜单没有配置页面，请联系管理员。'}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
