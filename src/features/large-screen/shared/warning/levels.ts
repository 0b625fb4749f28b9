// The look of the §3.5 alarm levels on the warning screens (预警中心, 平台预警): tile tone and chart colour,
// most severe first.
export const LEVEL_STYLE: Record<string, { tone: 'red' | 'amber' | 'blue'; color: string }> = {
  1: { tone: 'red', color: '#ff4d6d' },
  2: { tone: 'amber', color: '#ffc53d' },
  3: { tone: 'blue', color: '#4d94ff' },
};
