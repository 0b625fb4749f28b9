// The large screens' camera player: the console's one player (src/lib/video/VideoPlayer.tsx — the back
// office's 视频监控 pages play through it too), within the page's decoder budget of 9 (decoder-budget.ts).
export { VideoPlayer, type VideoPlayerProps, type PlayerState } from '../../../lib/video/VideoPlayer';
export { MAX_DECODERS } from '../../../lib/video/decoder-budget';
