// The plant's screens share one call (ConcretePlant) and one set of panels; each screen is a layout:
// which panels go in its left, middle (under the key figures) and right columns. Bodies lay out in em
// (1920×1080 design), three columns like every screen of the kit.
import type { ComponentType, ReactNode } from 'react';
import type { ConcretePlant } from '../../../../../common/screens/concrete-plant';
import { projectScreen, type ProjectBoardProps } from '../../data/project-screen';
import { frameOf, type SourceFrame } from '../../kit/frame';
import type { ScreenBodyProps } from '../../screen-body';
import { useConcretePlant } from './api';
import { CustomerMonthPanel, TankerMapPanel, TankerStatePanel, TripsPanel } from './FleetPanels';
import { BatchAlarmPanel, BatchesPanel, BinStockPanel, ConsumptionPanel, StockTrendPanel } from './MaterialPanels';
import { OrdersPanel, PlantKpiStrip, TaskBoardPanel, VolumePanel } from './ProductionPanels';
import { CameraPanel, DustNowPanel, DustTrendPanel, NoiseTrendPanel, OrderStatusPanel } from './SitePanels';
import './plant.css';

type PanelProps = { data: ConcretePlant | undefined; frame: SourceFrame };

export const PLANT_PANELS = {
  volume: VolumePanel,
  orders: OrdersPanel,
  tasks: TaskBoardPanel,
  map: TankerMapPanel,
  tankers: TankerStatePanel,
  trips: TripsPanel,
  customers: CustomerMonthPanel,
  bins: BinStockPanel,
  stockTrend: StockTrendPanel,
  useToday: ConsumptionPanel,
  useMonth: (p: PanelProps) => <ConsumptionPanel {...p} period="month" />,
  alarms: BatchAlarmPanel,
  batches: BatchesPanel,
  orderStatus: OrderStatusPanel,
  dust: DustNowPanel,
  dustTrend: DustTrendPanel,
  noiseTrend: NoiseTrendPanel,
  cameras: CameraPanel,
} satisfies Record<string, ComponentType<PanelProps>>;
export type PlantPanel = keyof typeof PLANT_PANELS;

export type PlantLayout = { left: readonly PlantPanel[]; centre: readonly PlantPanel[]; right: readonly PlantPanel[]; className?: string };

const rows = (n: number) => (n === 3 ? 'pl-three' : 'pl-two');

function column(panels: readonly PlantPanel[], props: PanelProps): ReactNode {
  return panels.map((key) => {
    const Panel = PLANT_PANELS[key];
    return <Panel key={key} {...props} />;
  });
}

/** What an empty panel of a project's plant screen says when the plant does not supply the project. */
export const NOT_SUPPLIED = '本项目暂无搅拌站供应';

/** A plant screen body from its layout; `name` is its display name (tests, React tools). */
export function plantScreen(layout: PlantLayout, name: string): ComponentType<ScreenBodyProps> {
  function Board({ projectId }: ProjectBoardProps) {
    const source = useConcretePlant(projectId);
    const data = source.data;
    // A project no plant stands behind (the server's `supplied`: pjctid1 narrows to the company running it,
    // and that company runs no plant): its empty panels say so instead of 暂无数据.
    const unsupplied = projectId !== undefined && data?.supplied === false;
    const props: PanelProps = { data, frame: frameOf(source, unsupplied ? NOT_SUPPLIED : undefined) };
    return (
      <div className={['ls-board', 'pl-board', layout.className].filter(Boolean).join(' ')} data-loaded={source.data ? 'true' : 'false'}>
        <div className={`ls-column ${rows(layout.left.length)}`}>{column(layout.left, props)}</div>
        <div className={`ls-column ${layout.centre.length === 1 ? 'pl-centre-one' : 'pl-centre'}`}>
          <PlantKpiStrip data={source.data} />
          {column(layout.centre, props)}
        </div>
        <div className={`ls-column ${rows(layout.right.length)}`}>{column(layout.right, props)}</div>
      </div>
    );
  }
  return projectScreen(Board, name);
}
