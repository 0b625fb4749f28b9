// The icons of @ant-design/icons by theme. The namespace import keeps the whole set in this lazy chunk only.
import type { ComponentType } from 'react';
import * as AntdIcons from '@ant-design/icons';

export type IconTheme = 'Outlined' | 'Filled' | 'TwoTone';
export type IconEntry = { name: string; theme: IconTheme; Component: ComponentType };

export const THEMES: { value: IconTheme; label: string }[] = [
  { value: 'Outlined', label: '线框风格' },
  { value: 'Filled', label: '实底风格' },
  { value: 'TwoTone', label: '双色风格' },
];

const THEME_OF = /(Outlined|Filled|TwoTone)$/;

export const ICONS: IconEntry[] = Object.entries(AntdIcons as unknown as Record<string, unknown>)
  .flatMap(([name, value]) => {
    const m = THEME_OF.exec(name);
    // Icons are forwardRef objects; helpers such as createFromIconfontCN are plain functions.
    if (!m || typeof value !== 'object' || value === null) return [];
    return [{ name, theme: m[1] as IconTheme, Component: value as ComponentType }];
  })
  .sort((a, b) => a.name.localeCompare(b.name));
