// TRUST_PROXY (README settings, docs/security-auth.md): which proxies' X-Forwarded-For and
// X-Forwarded-Proto the server believes. Unset, empty, 0 or false: none (the socket address counts);
// 1 or true: any peer (only when the server is reachable through the proxy alone); otherwise a
// comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5, 172.16.0.0/12, loopback), the
// precise choice. Fastify 5 no longer honours a bare hop count (it trusts nothing then), so numbers
// other than 0 and 1 are refused rather than silently ignored.
import { isIP } from 'node:net';

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  const list = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of list) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address);
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(NAMED.has(item) || (family !== 0 && okBits && extra === undefined))) {
      throw new Error(`TRUST_PROXY: "${item}" is not 0, 1, true, false, an IP address, a CIDR or loopback/linklocal/uniquelocal`);
    }
  }
  return list;
}
