// Colours of the supervision overview for the codes of the SupervisoryOverview answer
// (common/screens/supervisory.ts).

/** §3.5 project status → the colour of its map state (筹备 立项 在建 竣工 停工); supervisory.css colours the tiles alike. */
export const STATUS_COLORS: Record<number, string> = { 1: '#b58cff', 2: '#ffc53d', 3: '#2fe08d', 4: '#4d9dff', 5: '#ff5a5f' };

/** §3.5 alarm levels (1 市级, 2 区县级, 3 固定源). */
export const LEVEL_COLORS: Record<string, string> = { 1: '#ff4d6d', 2: '#ffc53d', 3: '#4d94ff' };
