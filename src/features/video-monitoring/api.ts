// The cameras the 视频监控 pages offer: GET /prod-api/api/TyScreen/VideoMonitor (docs/screens-api.md), every
// project in the caller's scope with its cameras and their online state.
import useSWR from 'swr';
import type { VideoMonitor } from '../../../common/screens/video';
import { http, unwrap } from '../../lib/http/client';

export const CAMERAS_URL = '/api/TyScreen/VideoMonitor';

export const useCameras = () =>
  useSWR(CAMERAS_URL, () => unwrap(http.get<VideoMonitor>(CAMERAS_URL, {})), { revalidateOnFocus: false, shouldRetryOnError: false, refreshInterval: 60_000 });
