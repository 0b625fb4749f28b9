import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../lib/session/actions';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或您没有访问权限。"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
