// §5.5's strength label (低/中/高) under a new-password field: the registration form and both 修改密码 variants.
import { Progress } from 'antd';
import { passwordStrength, type PasswordStrength as Strength } from '../../../common/validators';

const STRENGTH_VIEW: Record<Strength, { percent: number; color: string }> = {
  低: { percent: 33, color: '#ff4d4f' },
  中: { percent: 66, color: '#faad14' },
  高: { percent: 100, color: '#52c41a' },
};

export function PasswordStrength({ password, className = 'auth-strength' }: { password: string; className?: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const view = STRENGTH_VIEW[strength];
  return (
    <div className={className} aria-live="polite" data-strength={strength} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span>密码强度：</span>
      <Progress percent={view.percent} strokeColor={view.color} showInfo={false} size="small" style={{ width: 120, margin: 0 }} />
      <span style={{ color: view.color }}>{strength}</span>
    </div>
  );
}
