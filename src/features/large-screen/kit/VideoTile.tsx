// A camera tile: name and online state over a placeholder picture; with `overlay` the same tile lies over a
// playing VideoPlayer (kit/VideoPlayer.tsx) as its frame, label and click target, without the placeholder.
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';
import './kit.css';

export type VideoTileProps = { name: string; online: boolean; onOpen?: () => void; overlay?: boolean };

export function VideoTile({ name, online, onOpen, overlay }: VideoTileProps) {
  const body = (
    <>
      <span className={`ls-video-status ${online ? 'is-online' : 'is-offline'}`}>{online ? '在线' : '离线'}</span>
      {!overlay && <VideoCameraOutlined className="ls-video-icon" aria-hidden="true" />}
      {!overlay && <span className="ls-video-hint">{online ? '视频信号正常' : '设备离线，暂无画面'}</span>}
      <span className="ls-video-name" title={name}>
        {name}
      </span>
    </>
  );
  const className = `ls-video${online ? '' : ' is-offline'}${overlay ? ' is-overlay' : ''}`;
  return onOpen ? (
    <button type="button" className={className} aria-label={`${name}（${online ? '在线' : '离线'}）`} onClick={onOpen}>
      {body}
    </button>
  ) : (
    <div className={className} role="group" aria-label={`${name}（${online ? '在线' : '离线'}）`}>
      {body}
    </div>
  );
}
