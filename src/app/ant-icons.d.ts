// Typing for single-icon ESM imports. The shell imports icons one by one so that the whole icon set
// (needed only by menu icons named in data and by the icon gallery) stays in a lazily loaded chunk.
declare module '@ant-design/icons/es/icons/*' {
  import type { ForwardRefExoticComponent, RefAttributes } from 'react';
  import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
  const Icon: ForwardRefExoticComponent<Omit<AntdIconProps, 'ref'> & RefAttributes<HTMLSpanElement>>;
  export default Icon;
}
