// Providers: antd in Chinese (§ all user text is Chinese), notifications bottom-right (§8), the router.
import { App as AntdApp, ConfigProvider } from 'antd';
// The ES entry: the CommonJS one ('antd/locale/zh_CN') reaches Vite 8 dev as a module object and is ignored.
import zhCN from 'antd/es/locale/zh_CN';
import { AppRouter } from './router/AppRouter';

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntdApp notification={{ placement: 'bottomRight' }} message={{ maxCount: 3 }}>
        <AppRouter />
      </AntdApp>
    </ConfigProvider>
  );
}
