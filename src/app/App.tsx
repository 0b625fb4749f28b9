// Providers: antd in Chinese (§ all user text is Chinese), toasts (§8), the router. antd's App (modal
// hooks) is the back-office layout's, so a large screen or the login page does not load it.
import { ConfigProvider } from 'antd';
// The ES entry: the CommonJS one ('antd/locale/zh_CN') reaches Vite 8 dev as a module object and is ignored.
import zhCN from 'antd/es/locale/zh_CN';
import { MessageProvider } from '../lib/ui/message';
import { consoleTheme } from '../lib/ui/theme';
import { AppRouter } from './router/AppRouter';

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme()}>
      <MessageProvider>
        <AppRouter />
      </MessageProvider>
    </ConfigProvider>
  );
}
