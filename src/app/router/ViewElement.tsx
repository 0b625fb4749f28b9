// Renders a registered view lazily, or a clear 该页面尚未配置 result for a key not in src/app/views.ts.
import { Suspense, type ComponentType } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../common/constants';
import { HOME_PATH } from '../../lib/session/actions';

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip={MESSAGES.loading}>
        <div style={{ minHeight: 80 }} />
      </Spin>
    </div>
  );
}

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

/** `view` is resolved from the registry when the route table is built (resolveView in routes.tsx). */
export function ViewElement({ view: View, viewKey }: { view: ComponentType | undefined; viewKey: string }) {
  if (!View) return <UnconfiguredView viewKey={viewKey} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <View />
    </Suspense>
  );
}
