// A page that throws while rendering (or a chunk that fails to load after a deployment) shows this,
// never a blank screen. Drawn without antd's Result (and its illustrations) so the entry bundle stays
// small and the page shows even when no further chunk can be loaded.
import { Button } from 'antd';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : '';
  return (
    <div className="route-error" role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: '#ff4d4f' }} />
      <div style={{ marginTop: 24, fontSize: 24, lineHeight: 1.33, color: 'rgba(0,0,0,0.88)' }}>页面加载失败</div>
      <div style={{ marginTop: 8, fontSize: 14, lineHeight: 1.57, color: 'rgba(0,0,0,0.6)' }}>{detail ? `请刷新后重试（${detail}）` : '请刷新后重试'}</div>
      <div style={{ marginTop: 24 }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    </div>
  );
}
