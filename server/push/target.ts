// Where the push worker may send (docs/push.md "Targets"). A 推送配置's 接口地址 is typed by a tenant, so
// it must not reach inside: loopback, private, link-local (cloud metadata 169.254.169.254), carrier-grade
// NAT, unique-local, multicast and reserved addresses are refused — checked on the literal address and
// again on every address the name resolves to, at the moment of connecting (the socket connects to the
// address that was checked, so a name cannot resolve to a public address for the check and an internal one
// for the request). Redirects are not followed. The operator narrows the targets further with
// PUSH_ALLOWED_TARGETS: a comma-separated list of `host`, `host:port` or `*.domain` entries; when set,
// only those hosts are sent to. An entry naming a host exactly (not `*.`) also admits it when it is
// internal: the operator's own gateway, or a test receiver on 127.0.0.1.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const TARGET_MESSAGES = {
  scheme: '接口地址须以http://或https://开头',
  notAllowed: '接口地址不在系统允许的推送目标中，请联系系统管理员',
  internal: '接口地址指向内网或本机地址，不允许推送',
  credentials: '接口地址不能包含用户名或密码',
} as const;

/** A refused target: the reason is one of TARGET_MESSAGES (shown to the tenant as it is). */
export class TargetRefused extends Error {
  readonly code = 'PUSH_TARGET_REFUSED';
}

const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

/** Loopback, private, link-local, metadata, shared, documentation, multicast or reserved (IPv4-mapped IPv6 included). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Entry = { host: string; port: string | null; wildcard: boolean };

/** The operator's allow-list (PUSH_ALLOWED_TARGETS), read each time: empty = any public address. */
export function allowedTargets(text = process.env.PUSH_ALLOWED_TARGETS ?? ''): Entry[] {
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => {
      const wildcard = s.startsWith('*.');
      const bare = wildcard ? s.slice(2) : s;
      const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(bare);
      return { host: (m?.[1] ?? bare).replace(/^\[|\]$/g, ''), port: m?.[2] ?? null, wildcard };
    });
}

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
/** The URL's host as compared: lower case, without IPv6 brackets or a root dot (`localhost.` is localhost). */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** The allow-list entry admitting this URL: undefined when the list is empty, null when none matches. */
function matchingEntry(url: URL, entries: Entry[]): Entry | null | undefined {
  if (entries.length === 0) return undefined;
  const host = hostOf(url);
  const port = defaultPort(url);
  return entries.find((e) => (e.port === null || e.port === port) && (e.wildcard ? host.endsWith(`.${e.host}`) : host === e.host)) ?? null;
}

/** What a URL may be before any name is resolved: http(s), no credentials, allow-listed, not a literal internal address. */
export function checkTargetUrl(text: string, entries = allowedTargets()): { url: URL; exact: boolean } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetRefused(TARGET_MESSAGES.scheme);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused(TARGET_MESSAGES.scheme);
  if (url.username || url.password) throw new TargetRefused(TARGET_MESSAGES.credentials);
  const entry = matchingEntry(url, entries);
  if (entry === null) throw new TargetRefused(TARGET_MESSAGES.notAllowed);
  const exact = entry !== undefined && !entry.wildcard;
  const host = hostOf(url);
  if (!exact && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isInternalAddress(host)))) {
    throw new TargetRefused(TARGET_MESSAGES.internal);
  }
  return { url, exact };
}

/**
 * A `lookup` for node:http(s) that resolves the name and refuses it when any of its addresses is internal;
 * the request then connects to the address checked here.
 */
export function guardedLookup(exact: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!exact && (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))) {
        return callback(new TargetRefused(TARGET_MESSAGES.internal), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
