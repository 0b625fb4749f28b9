#!/usr/bin/env bash
# Generates the demo camera clip the server plays for cameras without a stream address of their own
# (docs/video.md): 6 seconds of a moving test pattern with a running clock, 640×360 at 15 frames/s,
# H.264 Constrained Baseline (avc1.42E01E, which the Debian Chromium builds decode through Media Source
# Extensions) without audio, cut into three 2-second MPEG-TS segments (.mp2t: a .ts name would be taken for TypeScript by the tooling) with an HLS playlist. Run once
# (needs ffmpeg: apt-get install -y ffmpeg); the output is committed under server/video/demo-clip/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=server/video/demo-clip
mkdir -p "$out"
rm -f "$out"/*.mp2t "$out"/demo.m3u8
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=640x360:rate=15,format=yuv420p" -t 6 \
  -vf "drawbox=x=0:y=ih-40:w=iw:h=40:color=black@0.6:t=fill,drawtext=text='DEMO CAMERA  %{pts\:hms}':x=16:y=h-31:fontsize=22:fontcolor=white" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p \
  -b:v 140k -maxrate 180k -bufsize 280k -g 30 -keyint_min 30 -sc_threshold 0 -an \
  -f hls -hls_time 2 -hls_list_size 0 -hls_playlist_type vod -hls_segment_filename "$out/seg%d.mp2t" "$out/demo.m3u8"
ls -l "$out"
du -ch "$out"/* | tail -1
