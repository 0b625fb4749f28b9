import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { startServiceTokenRefresh } from './lib/session/actions';
import { installAntdHttpUi } from './app/http-ui';
import { App } from './app/App';
import './app/global.css';

dayjs.locale('zh-cn');
installAntdHttpUi();
// §4 Token: fetched when absent and refreshed every 6,840,000 ms.
startServiceTokenRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
