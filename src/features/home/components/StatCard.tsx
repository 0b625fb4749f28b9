import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';

type Props = { title: string; value: number | undefined; icon: ReactNode; color: string; loading?: boolean; suffix?: string };

/** One KPI: a figure read from the API, never a placeholder number (shows — until it is known). */
export function StatCard({ title, value, icon, color, loading, suffix }: Props) {
  return (
    <Card variant="borderless" loading={loading} styles={{ body: { padding: 20 } }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div
          style={{
            width: 52,
            height: 52,
            borderRadius: 12,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 24,
            color,
            background: `${color}1a`,
            flex: 'none',
          }}
        >
          {icon}
        </div>
        <Statistic title={title} value={value ?? '—'} suffix={value === undefined ? undefined : suffix} />
      </div>
    </Card>
  );
}
