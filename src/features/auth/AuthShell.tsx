// The two-panel frame of the login and register pages: brand on the left, the form card on the right.
import type { ReactNode } from 'react';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import { chinaTime } from '../../lib/time/china-time';
import './auth.css';

export const PRODUCT_NAME = '智慧工地综合管理平台';

const FEATURES = [
  { icon: <DashboardOutlined />, text: '项目全景数据大屏' },
  { icon: <TeamOutlined />, text: '实名制劳务与考勤' },
  { icon: <SafetyCertificateOutlined />, text: '质量安全隐患闭环' },
  { icon: <ApartmentOutlined />, text: '多公司多项目协同' },
];

export function AuthShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-brand" aria-hidden="true">
        <div className="auth-logo">
          <span className="auth-logo-mark">工</span>
          <span>{PRODUCT_NAME}</span>
        </div>
        <div className="auth-headline">
          <h1>{PRODUCT_NAME}</h1>
          <p>面向建设、监理、项目与搅拌站企业的一体化管理平台，覆盖人员、设备、质量安全、环境监测与混凝土生产全过程。</p>
          <div className="auth-features">
            {FEATURES.map((f) => (
              <div className="auth-feature" key={f.text}>
                {f.icon}
                <span>{f.text}</span>
              </div>
            ))}
          </div>
        </div>
        <div className="auth-footer">© {chinaTime().year()} {PRODUCT_NAME}</div>
      </section>
      <main className="auth-panel">
        {/* A plain white card (not antd's Card, which brings tabs, menus and skeletons to the login page). */}
        <div className="auth-card">
          <div className="auth-card-body">
            <h2 className="auth-card-title">{title}</h2>
            <p className="auth-card-subtitle">{subtitle}</p>
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}
