// Project status codes of §3.5 (labels come from the projectStatus dictionary; only colours are ours).
export const STATUS_COLORS: Record<string, string> = {
  '1': 'default',
  '2': 'purple',
  '3': 'processing',
  '4': 'success',
  '5': 'error',
};
export const STATUS_BAR_COLORS: Record<string, string> = {
  '1': '#8c8c8c',
  '2': '#722ed1',
  '3': '#1677ff',
  '4': '#52c41a',
  '5': '#ff4d4f',
};
