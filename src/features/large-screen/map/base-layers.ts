// Base layers by source code (§8 'No default layers builder found by source code'): Tianditu when a key
// is configured at run time, else the bundled offline base, reporting §8 'No tianDiTu key found' once.
// The tile stack (ol/layer/Tile, ol/source/XYZ, the tile renderer) loads only with a key (issue 11
// delivery): the offline base draws no tiles, so a screen without a key does not carry them.
import type BaseLayer from 'ol/layer/Base';
import type { ClientConfig } from '../../../../common/client-config';
import { MAP_ERRORS } from './constants';
import type { MapPalette } from './map-styles';
import { reportMissingKey } from './missing-key';
import { offlineLayers, type ScaledLayers } from './offline-base';
import type { TileRetry } from './tile-retry';

export type BaseSourceCode = 'tianditu' | 'offline';

type BuildContext = { key: string; retry: TileRetry; scale: number; palette?: MapPalette };
type LayersBuilder = (c: BuildContext) => ScaledLayers | Promise<ScaledLayers>;

const BUILDERS: Readonly<Record<BaseSourceCode, LayersBuilder>> = {
  // The offline base stays underneath: Tianditu's opaque tiles cover it, and where tiles cannot be
  // fetched (no network, retries spent) the map still shows the districts instead of a blank area.
  tianditu: async ({ key, retry, scale, palette }) => {
    const { tiandituLayers } = await import('./tianditu');
    const tiles: BaseLayer[] = tiandituLayers(key, retry);
    const offline = offlineLayers(scale, palette);
    return {
      layers: [...offline.layers, ...tiles],
      setScale: offline.setScale,
      dispose() {
        offline.dispose();
        for (const layer of tiles) layer.dispose();
      },
    };
  },
  offline: ({ scale, palette }) => offlineLayers(scale, palette),
};

/** Which base to draw for the runtime settings; a missing key is reported (once) and means offline. */
export function baseSourceFor(config: ClientConfig): BaseSourceCode {
  if (config.tiandituKey) return 'tianditu';
  reportMissingKey();
  return 'offline';
}

/** The base layers of `code`, once their modules have loaded (rejected for an unknown code or no key). */
export async function buildBaseLayers(code: string, context: BuildContext): Promise<ScaledLayers> {
  const builder = Object.hasOwn(BUILDERS, code) ? BUILDERS[code as BaseSourceCode] : undefined;
  if (!builder) throw new Error(MAP_ERRORS.noLayersBuilder);
  return builder(context);
}
