// 项目分布 (enterprise overview, 项目管理, supervision overview): the projects on the map, coloured by state
// (§3.4), their count in the title bar; a click selects a project, whose card shows over the map.
import type { ReactNode } from 'react';
import { ProjectMap, type MapMarker } from '../map';
import { Panel } from '../kit/Panel';
import type { SourceFrame } from '../kit/frame';
import './project-map-panel.css';

export type ProjectMapPanelProps = {
  markers: MapMarker[];
  frame: SourceFrame;
  onSelect: (id: string) => void;
  /** The chosen project's card (MapProjectCard), drawn over the map. */
  card?: ReactNode;
  /** [lng, lat]; the map's default centre without it. */
  center?: [number, number];
  /** The screen's class for the map box (e.g. `ov-map`), which tests and the screen's styles name. */
  mapClass: string;
  /** The panel title; 项目分布 with the project count by default. */
  title?: string;
  /** Default zoom of the map (12). */
  zoom?: number;
};

export function ProjectMapPanel({ markers, frame, onSelect, card, center, mapClass, title, zoom }: ProjectMapPanelProps) {
  return (
    <Panel title={title ?? '项目分布'} className="ls-map-panel" {...frame} empty={markers.length === 0} extra={title ? undefined : <span>{markers.length} 个项目</span>}>
      <div className={`ls-map-box ${mapClass}`} data-markers={markers.length}>
        <ProjectMap className="ls-map-fill" markers={markers} center={center} zoom={zoom} onSelect={onSelect} />
        {card}
      </div>
    </Panel>
  );
}
