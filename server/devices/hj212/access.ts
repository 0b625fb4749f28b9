// Who may write as a monitor on the HJ 212 port (docs/device-ingestion.md "Access"): the standard's access
// password (PW, HJ 212-2017 §6.3.2: up to 9 characters) set on the device when it is registered, kept as a
// salted SHA-256 (never in clear, never answered: the field is writeOnly), and an optional list of the
// addresses the device may connect from. A frame with a missing or wrong PW, or from another address, is
// refused and counted on the device.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

const PREFIX = 'sha256';

export function hashAccessPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return `${PREFIX}$${salt}$${createHash('sha256').update(`${salt}\n${password}`).digest('hex')}`;
}

export const isHashedAccessPassword = (stored: string): boolean => /^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/.test(stored);

export function verifyAccessPassword(password: string, stored: string | null): boolean {
  if (!stored || !isHashedAccessPassword(stored)) return false;
  const [, salt, digest] = stored.split('$');
  const actual = Buffer.from(hashAccessPassword(password, salt).split('$')[2], 'hex');
  return timingSafeEqual(actual, Buffer.from(digest, 'hex'));
}

/** A device's 来源地址: comma-separated IPv4/IPv6 addresses or CIDR ranges; null when the text holds another item. */
export function parseSourceList(text: string): BlockList | null {
  const list = new BlockList();
  for (const item of text.split(/[,，\s]+/).filter(Boolean)) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else if (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)) list.addSubnet(address, Number(bits), type);
    else return null;
  }
  return list;
}

/** Whether a peer address is in the list (IPv4-mapped IPv6 peers, as node reports them on dual-stack sockets, too). */
export function sourceAllowed(list: BlockList, peer: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1];
  const address = mapped ?? peer;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
