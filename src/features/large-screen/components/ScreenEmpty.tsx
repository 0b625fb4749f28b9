// The body of a screen not built yet: a calm full-screen state in the dashboard style, never a crash.
export function ScreenEmpty({ title }: { title: string }) {
  return (
    <div className="ls-empty" role="status">
      <div className="ls-empty-frame">
        <div className="ls-empty-mark" aria-hidden="true" />
        <div className="ls-empty-title">{title}</div>
        <div className="ls-empty-text">该大屏尚未上线</div>
        <div className="ls-empty-hint">数据接入完成后将在此显示</div>
      </div>
    </div>
  );
}
