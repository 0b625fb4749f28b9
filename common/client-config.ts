// Runtime settings the browser reads from the server after login (docs/map.md): configuration that
// must not be baked into the build, such as the Tianditu map key (§7.8 "keys are configuration").

/** GET, relative to API_BASE; needs a session. */
export const CLIENT_CONFIG_PATH = '/api/ClientConfig';

export type ClientConfig = {
  /** Tianditu browser key (env TIANDITU_KEY); '' when none is configured and the offline base map is used. */
  tiandituKey: string;
};

/** A Tianditu key is a token of letters and digits; anything else is treated as no key. */
export const TIANDITU_KEY_PATTERN = /^[A-Za-z0-9]{8,64}$/;

/** The usable key of a raw setting: trimmed, '' when empty or malformed. */
export function normaliseTiandituKey(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const key = raw.trim();
  return TIANDITU_KEY_PATTERN.test(key) ? key : '';
}
