// Menu icons are named by string in the menu tree (§2.1 PcImageUrlStr), so the icon set is loaded on
// demand in its own chunk rather than bundled into the shell.
import { useEffect, useState, type ComponentType } from 'react';

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

export function MenuIcon({ name }: { name: string }) {
  const [icons, setIcons] = useState<IconSet | null>(loaded);
  useEffect(() => {
    if (!icons && isIconName(name)) void loadIcons().then(setIcons).catch(() => undefined);
  }, [icons, name]);
  const Icon = icons && isIconName(name) ? (icons[name] as ComponentType | undefined) : undefined;
  // A same-sized placeholder keeps the menu from shifting while the set loads.
  return Icon ? <Icon /> : <span className="anticon" style={{ width: 14, height: 14, display: 'inline-block' }} />;
}
