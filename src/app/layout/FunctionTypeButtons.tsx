// §2.6: the backend / screen button pair of the user's authority type; the active one is highlighted.
import { Button, Space } from 'antd';
import type { MenuFunctionType } from '../../../common/constants';
import { functionButtonsFor } from './screen-links';

export type FunctionTypeButtonsProps = {
  authType: string | undefined;
  functionType: MenuFunctionType;
  onChoose(t: MenuFunctionType): void;
};

export function FunctionTypeButtons({ authType, functionType, onChoose }: FunctionTypeButtonsProps) {
  const buttons = functionButtonsFor(authType);
  if (buttons.length === 0) return null;
  return (
    <Space.Compact className="header-function-buttons">
      {buttons.map((b) => (
        <Button
          key={b.label}
          type={b.functionType === functionType ? 'primary' : 'default'}
          aria-pressed={b.functionType === functionType}
          onClick={() => onChoose(b.functionType)}
        >
          {b.label}
        </Button>
      ))}
    </Space.Compact>
  );
}
