// /checkInfo (§2.2): a public page telling a newly registered user that the account awaits audit.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function CheckInfoPage() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="info"
        title="账号审核中"
        subTitle="您的注册信息已提交，管理员审核通过后即可登录。"
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            返回登录
          </Button>
        }
      />
    </div>
  );
}
