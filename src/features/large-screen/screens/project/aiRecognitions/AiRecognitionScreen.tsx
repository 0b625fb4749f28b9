// 项目数据大屏 › AI识别 (/LargeScreen/ProjectScreen/aiRecognitions, docs/ai-recognition.md), designed at
// 1920×1080 in em: today's events by type and per camera on the left; key figures and the gallery of the
// newest snapshots in the middle; the 24-hour trend, the week's handling and the type ranking on the right.
// One request feeds every panel, refreshed by the server's AiRecognition stream; pjctid1 narrows it.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { AiKpiStrip, CameraPanel, DailyPanel, GalleryPanel, HourlyPanel, TypeRankPanel, TypeTodayPanel } from './AiPanels';
import { useAiRecognition } from './api';
import './ai-recognition.css';

function AiRecognitionBoard({ projectId }: { projectId: string | undefined }) {
  const source = useAiRecognition(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board ai-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column ai-left">
        <TypeTodayPanel data={data} frame={frame} />
        <CameraPanel data={data} frame={frame} />
      </div>
      <div className="ls-column ai-centre">
        <AiKpiStrip data={data} />
        <GalleryPanel data={data} frame={frame} />
      </div>
      <div className="ls-column ai-right">
        <HourlyPanel data={data} frame={frame} />
        <DailyPanel data={data} frame={frame} />
        <TypeRankPanel data={data} frame={frame} />
      </div>
    </div>
  );
}

export const AiRecognitionScreen = projectScreen(AiRecognitionBoard, 'AiRecognitionScreen');
