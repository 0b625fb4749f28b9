// The §3.4 marker states with their colours, in the map's corner.
import { MARKER_STATES } from './marker-style';

export function MapLegend() {
  return (
    <ul className="ls-map-legend" aria-label="图例">
      {MARKER_STATES.map((s) => (
        <li key={s.state} data-state={s.state}>
          <i className={s.state === 'pointing' ? 'ls-map-legend-ring' : undefined} style={{ color: s.color }} aria-hidden />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
