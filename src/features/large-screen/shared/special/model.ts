// What the special-equipment screen derives from the Danger answer (common/screens/danger.ts): cranes and
// lifts apart, and the name a wall display gives a device.
import type { SpecialDevice } from '../../../../../common/screens/danger';

export const cranesOf = (devices: readonly SpecialDevice[]): SpecialDevice[] => devices.filter((d) => d.kind === 'towerCrane');
export const liftsOf = (devices: readonly SpecialDevice[]): SpecialDevice[] => devices.filter((d) => d.kind === 'lift');

/** The crane or lift as a wall display names it: its place on the site (1#塔吊), else its device name. */
export const deviceLabel = (d: Pick<SpecialDevice, 'installPosition' | 'deviceName'>): string => d.installPosition || d.deviceName;
