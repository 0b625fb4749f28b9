// src/app/generated/menu-icons.ts: the @ant-design/icons the menu tree of schemas/menus.json names, one
// import each, so the side menu draws them without loading the whole icon set (issue 11 delivery: the
// set is 156 KB gzipped). A name not listed here (a menu edited at run time) falls back to the full set,
// loaded only then (src/app/layout/MenuIcon.tsx).
import type { MenuSourceNode } from '../common/menu-tree';
import type { MetadataCatalog } from '../common/metadata/types';
import { GENERATED_HEADER } from './header';

/** The icon-name shape of @ant-design/icons components (HomeOutlined, StarFilled, SmileTwoTone). */
export const ICON_NAME = /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/;

function iconNames(nodes: readonly MenuSourceNode[]): string[] {
  return nodes.flatMap((n) => [...(n.icon ? [n.icon] : []), ...iconNames(n.children ?? [])]);
}

/**
 * `exists` says whether the icon set has a component of that name (the installed package); a name it
 * does not have is left out, so a typo never breaks the build and the menu shows the usual placeholder.
 */
export function generateMenuIcons(catalog: MetadataCatalog, exists: (name: string) => boolean): string {
  const names = [...new Set(iconNames(catalog.menus))].filter((n) => ICON_NAME.test(n) && exists(n)).sort();
  return [
    GENERATED_HEADER,
    '// The icons schemas/menus.json names, one import each (codegen/generate-menu-icons.ts).',
    "import type { ComponentType } from 'react';",
    ...names.map((n) => `import ${n} from '@ant-design/icons/es/icons/${n}';`),
    '',
    `export const MENU_ICONS: Readonly<Record<string, ComponentType>> = {${names.length > 0 ? `\n${names.map((n) => `  ${n},`).join('\n')}\n` : ''}};`,
    '',
  ].join('\n');
}
