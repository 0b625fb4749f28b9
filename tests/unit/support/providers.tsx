// The providers the console puts around a page: the root's toasts (MessageProvider) and the back-office
// layout's antd App (confirm dialogs). Tests render under the same pair.
import type { ReactNode } from 'react';
import { App as AntdApp } from 'antd';
import { MessageProvider } from '../../../src/lib/ui/message';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MessageProvider>
      <AntdApp component={false}>{children}</AntdApp>
    </MessageProvider>
  );
}
