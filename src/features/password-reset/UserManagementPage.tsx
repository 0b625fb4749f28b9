// 用户管理 (page:user) with its 密码重置申请 above the generated list (issue 29): src/app/views.ts wraps it.
import type { ComponentType } from 'react';
import { ResetRequestsPanel } from './ResetRequestsPanel';

export function withResetRequests(Page: ComponentType): ComponentType {
  return function UserManagementPage() {
    return (
      <>
        <ResetRequestsPanel />
        <Page />
      </>
    );
  };
}
