// Menu icons are named by string in the menu tree (§2.1 PcImageUrlStr). The icons schemas/menus.json
// names are imported one by one (src/app/generated/menu-icons.ts, written by npm run codegen); only a
// name outside that list (a menu changed at run time) loads the whole icon set, in its own chunk.
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { MENU_ICONS } from '../generated/menu-icons';

type IconSet = Record<string, unknown>;
let loaded: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

function loadIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons').then((m) => {
    loaded = m as unknown as IconSet;
    return loaded;
  });
  return loading;
}

const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);
const known = (name: string): ComponentType | undefined =>
  Object.prototype.hasOwnProperty.call(MENU_ICONS, name) ? MENU_ICONS[name] : undefined;

export function MenuIcon({ name }: { name: string }) {
  const [icons, setIcons] = useState<IconSet | null>(loaded);
  const listed = known(name);
  useEffect(() => {
    if (!listed && !icons && isIconName(name)) void loadIcons().then(setIcons).catch(() => undefined);
  }, [listed, icons, name]);
  const Icon = listed ?? (icons && isIconName(name) ? (icons[name] as ComponentType | undefined) : undefined);
  // A same-sized placeholder keeps the menu from shifting while the set loads.
  // createElement: the icon is a module-level component looked up by name, not one made during render.
  return Icon ? createElement(Icon) : <span className="anticon" style={{ width: 14, height: 14, display: 'inline-block' }} />;
}
