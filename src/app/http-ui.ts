// The HTTP client's UI (§8): red messages for 5 s and the 离线提示 confirm. Installed at start-up with
// antd's static API (made React-19-safe by @ant-design/v5-patch-for-react-19) so requests made before
// the first render are covered too. The confirm's Modal (with antd's form) loads when first needed.
import message from 'antd/es/message';
import { MESSAGES } from '../../common/constants';
import { installHttpUi, resetExpiredPrompt, type HttpUi } from '../lib/http/client';
import { clearSession } from '../lib/storage';

export function createHttpUi(deps: {
  error(text: string, seconds: number): void;
  confirm(config: { title: string; content: string; okText: string; cancelText: string; onOk(): void; onCancel(): void }): void;
  reload(): void;
}): HttpUi {
  return {
    error: (text, durationMs) => deps.error(text, durationMs / 1000),
    confirmExpired: () =>
      deps.confirm({
        title: MESSAGES.sessionExpiredTitle,
        content: MESSAGES.sessionExpired,
        okText: MESSAGES.relogin,
        cancelText: '取消',
        onOk: () => {
          clearSession();
          resetExpiredPrompt();
          deps.reload();
        },
        onCancel: () => resetExpiredPrompt(),
      }),
  };
}

export function installAntdHttpUi(): void {
  installHttpUi(
    createHttpUi({
      error: (text, seconds) => void message.error(text, seconds),
      confirm: (config) => void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm({ ...config, closable: false, maskClosable: false })),
      reload: () => window.location.reload(),
    }),
  );
}
