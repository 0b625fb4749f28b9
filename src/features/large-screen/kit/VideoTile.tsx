// A camera tile: name and online state over a placeholder picture (no real video is played here).
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';
import './kit.css';

export type VideoTileProps = { name: string; online: boolean; onOpen?: () => void };

export function VideoTile({ name, online, onOpen }: VideoTileProps) {
  const body = (
    <>
      <span className={`ls-video-status ${online ? 'is-online' : 'is-offline'}`}>{online ? '在线' : '离线'}</span>
      <VideoCameraOutlined className="ls-video-icon" aria-hidden="true" />
      <span className="ls-video-hint">{online ? '视频信号正常' : '设备离线，暂无画面'}</span>
      <span className="ls-video-name" title={name}>
        {name}
      </span>
    </>
  );
  return onOpen ? (
    <button type="button" className={`ls-video${online ? '' : ' is-offline'}`} aria-label={`${name}（${online ? '在线' : '离线'}）`} onClick={onOpen}>
      {body}
    </button>
  ) : (
    <div className={`ls-video${online ? '' : ' is-offline'}`} role="group" aria-label={`${name}（${online ? '在线' : '离线'}）`}>
      {body}
    </div>
  );
}
