// What the body shows when there is no screen to show, in the dashboard style and never a crash: an address
// that names no screen of §2.4 (未找到该大屏, the header still leads on), or a screen whose body failed to
// render (大屏加载失败, with 重新加载; the wall's watchdog reloads by itself when panels stay in error).
export type ScreenFaultKind = 'unknown' | 'failed';

const TEXTS: Record<ScreenFaultKind, { text: string; hint: string }> = {
  unknown: { text: '未找到该大屏', hint: '请从顶部导航选择要查看的大屏' },
  failed: { text: '大屏加载失败', hint: '请重新加载；多次失败请联系管理员' },
};

export function ScreenFault({ title, kind }: { title: string; kind: ScreenFaultKind }) {
  const { text, hint } = TEXTS[kind];
  return (
    <div className="ls-empty" role="status">
      <div className="ls-empty-frame">
        <div className="ls-empty-mark" aria-hidden="true" />
        <div className="ls-empty-title">{title}</div>
        <div className="ls-empty-text">{text}</div>
        <div className="ls-empty-hint">{hint}</div>
        {kind === 'failed' && (
          <button type="button" className="ls-empty-action" onClick={() => window.location.reload()}>
            重新加载
          </button>
        )}
      </div>
    </div>
  );
}
