// The §3.4 marker states with their colours, in the map's corner.
import { MARKER_STATES, type MarkerStateInfo } from './marker-style';

export function MapLegend({ states = MARKER_STATES }: { states?: readonly MarkerStateInfo[] }) {
  return (
    <ul className="ls-map-legend" aria-label="图例">
      {states.map((s) => (
        <li key={s.state} data-state={s.state}>
          <i className={s.state === 'pointing' ? 'ls-map-legend-ring' : undefined} style={{ color: s.color }} aria-hidden />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
