// A page that throws while rendering (or a chunk that fails to load after a deployment) shows this,
// never a blank screen.
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : '';
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={detail ? `请刷新后重试（${detail}）` : '请刷新后重试'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
