// GET /api/ClientConfig (docs/map.md): the runtime Tianditu key. Read once per page load and shared by
// every map; a failed read is not kept, so the next map asks again.
import { CLIENT_CONFIG_PATH, normaliseTiandituKey, type ClientConfig } from '../../../../../common/client-config';
import type { Envelope } from '../../../../../common/envelope';
import { http } from '../../../../lib/http/client';

export const NO_CLIENT_CONFIG: ClientConfig = { tiandituKey: '' };

/** The settings of an answer; anything but a successful envelope means no key (offline base map). */
export function readClientConfig(env: Envelope<Partial<ClientConfig>> | undefined): ClientConfig {
  if (!env || env.status !== 1 || !env.data) return NO_CLIENT_CONFIG;
  return { tiandituKey: normaliseTiandituKey(env.data.tiandituKey) };
}

let pending: Promise<ClientConfig> | null = null;

export function getClientConfig(): Promise<ClientConfig> {
  pending ??= http.get<Partial<ClientConfig>>(CLIENT_CONFIG_PATH).then(readClientConfig, () => {
    pending = null;
    return NO_CLIENT_CONFIG;
  });
  return pending;
}

/** Tests: forget the cached answer. */
export const resetClientConfig = (): void => {
  pending = null;
};
