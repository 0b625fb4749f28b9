// The back office's antd theme. Colours are chosen for WCAG 2.1 AA contrast (4.5:1 for text, checked by
// axe-core in the e2e suite): antd's default blue #1677ff gives 4.1:1 as a link on white and as white text
// on a primary button, 3.7:1 on its own pale selection background; #1664e0 gives 5.3:1 and 4.8:1. The grey
// of descriptions and breadcrumbs (antd: 45 % black, 3.4:1) is darkened to 60 % (5.7:1).
import type { ThemeConfig } from 'antd';
import { prefersReducedMotion } from './motion';
import './contrast.css';

/** The console's primary blue: buttons, links, the selected menu entry; CSS files use the same value. */
export const PRIMARY_COLOR = '#1664e0';

export const consoleTheme = (): ThemeConfig => ({
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    // antd's #ff4d4f is 3.3:1 as a 删除 link on white; #cf1322 5.6:1.
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    borderRadius: 6,
    motion: !prefersReducedMotion(),
  },
});
