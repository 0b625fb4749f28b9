// Renders a registered view lazily, or a clear 该页面尚未配置 result for a key not in src/app/views.ts.
import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import { MESSAGES } from '../../../common/constants';

const UnconfiguredView = lazy(() => import('./UnconfiguredView').then((m) => ({ default: m.UnconfiguredView })));

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip={MESSAGES.loading}>
        <div style={{ minHeight: 80 }} />
      </Spin>
    </div>
  );
}

/** `view` is resolved from the registry when the route table is built (resolveView in routes.tsx). */
export function ViewElement({ view: View, viewKey }: { view: ComponentType | undefined; viewKey: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {View ? <View /> : <UnconfiguredView viewKey={viewKey} />}
    </Suspense>
  );
}
