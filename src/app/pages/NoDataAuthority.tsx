// One clear page for a signed-in user without data authority (OrgDataAuthorityType 0 in the login result:
// the server refuses every call but login and logout, §6), instead of every module's empty list and "—"
// figures, in the back office and on the large screens alike: who the user is, whom to ask, 返回登录.
import { Button, Descriptions, Result, Typography } from 'antd';
import type { LoginResult } from '../../../common/wire';
import { logout } from '../../lib/session/actions';

export { lacksDataAuthority } from './data-authority';

export function NoDataAuthority({ info }: { info: LoginResult }) {
  const name = info.RealName ? `${info.RealName}（${info.UserName}）` : info.UserName;
  return (
    <div className="no-data-authority" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa', padding: 24 }}>
      <Result
        status="403"
        title="无数据权限"
        subTitle="您的账号已登录，但尚未分配数据权限，暂时无法查看任何项目、人员、设备和大屏数据。"
        style={{ maxWidth: 640, background: '#fff', borderRadius: 8, boxShadow: '0 1px 4px rgba(0,0,0,0.08)' }}
        extra={[
          <Button key="login" type="primary" onClick={() => void logout({ from: '/backHome' })}>
            返回登录
          </Button>,
        ]}
      >
        <Descriptions column={1} size="small" bordered items={[
          { key: 'user', label: '当前账号', children: name },
          { key: 'company', label: '所属单位', children: [info.CompanyName, info.DepartmentName].filter(Boolean).join(' · ') || '—' },
          { key: 'ask', label: '如何开通', children: '请联系本单位的系统管理员为您的账号开通数据权限，开通后重新登录即可使用。' },
        ]} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          换用其他账号，请点击「返回登录」。
        </Typography.Paragraph>
      </Result>
    </div>
  );
}
