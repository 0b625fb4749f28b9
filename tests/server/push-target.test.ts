// The push target rules (server/push/target.ts, docs/push.md "Targets") without a server: which literal
// addresses are internal, how the allow-list matches, and the connect-time resolver check, fed by a fake
// resolver so a name that resolves inside (DNS rebinding, an intranet name) is tested on any machine.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { allowedTargets, checkTargetUrl, guardedLookup, isInternalAddress, TARGET_MESSAGES } from '../../server/push/target';

describe('internal addresses', () => {
  it('knows loopback, private, link-local, metadata, shared, unique-local and mapped addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', 'not-an-address']) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '114.114.114.114', '172.32.0.1', '192.169.0.1', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });
});

describe('checkTargetUrl', () => {
  it('refuses other schemes, credentials and literal internal hosts without an allow-list', () => {
    const refused = (url: string) => {
      try {
        checkTargetUrl(url, []);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused('ftp://example.gov.cn/x')).toBe(TARGET_MESSAGES.scheme);
    expect(refused('file:///etc/passwd')).toBe(TARGET_MESSAGES.scheme);
    expect(refused('not a url')).toBe(TARGET_MESSAGES.scheme);
    expect(refused('http://user:pw@example.gov.cn/x')).toBe(TARGET_MESSAGES.credentials);
    for (const url of ['http://127.0.0.1/', 'http://localhost:8080/', 'http://LOCALHOST./', 'http://a.localhost/', 'http://[::1]/', 'http://[::ffff:7f00:1]/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://169.254.169.254/']) {
      expect(refused(url), url).toBe(TARGET_MESSAGES.internal);
    }
    expect(refused('https://labour.scjst.gov.cn:8443/api/upload')).toBeNull();
  });

  it('sends only to the allow-list when there is one; an exact entry admits an internal host, a wildcard does not', () => {
    const list = allowedTargets('labour.scjst.gov.cn, *.njzhgd.cn, 127.0.0.1:3900, [::1]:3901');
    expect(checkTargetUrl('https://labour.scjst.gov.cn/api', list).exact).toBe(true);
    expect(checkTargetUrl('https://push.njzhgd.cn/api', list).exact).toBe(false);
    expect(checkTargetUrl('http://127.0.0.1:3900/receive', list).exact).toBe(true);
    expect(checkTargetUrl('http://[::1]:3901/receive', list).exact).toBe(true);
    expect(() => checkTargetUrl('http://127.0.0.1:3901/receive', list)).toThrow(TARGET_MESSAGES.notAllowed);
    expect(() => checkTargetUrl('https://example.com/api', list)).toThrow(TARGET_MESSAGES.notAllowed);
    expect(() => checkTargetUrl('https://njzhgd.cn.evil.com/api', list)).toThrow(TARGET_MESSAGES.notAllowed);
    // A wildcard admits names, each still resolved and checked as it connects (guardedLookup(false)).
    expect(() => checkTargetUrl('http://a.localhost/api', allowedTargets('*.localhost'))).toThrow(TARGET_MESSAGES.internal);
  });
});

describe('guardedLookup', () => {
  const fake =
    (answers: Record<string, string[]>) =>
    (host: string, _o: unknown, cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => {
      const found = answers[host];
      if (!found) return cb(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
      return cb(null, found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };
  const resolveWith = (exact: boolean, answers: Record<string, string[]>, host: string) =>
    new Promise<{ error: Error | null; address: string }>((resolve) => {
      guardedLookup(exact, fake(answers) as never)(host, { family: 0 }, (error, address) => resolve({ error, address: String(address) }));
    });

  it('refuses a name when any address it resolves to is internal, and connects to the address it checked', async () => {
    const answers = { 'intranet.example.cn': ['10.20.0.5'], 'rebind.example.cn': ['203.119.1.1', '127.0.0.1'], 'labour.scjst.gov.cn': ['171.221.1.9'], 'v6.example.cn': ['fd00::5'] };
    for (const host of ['intranet.example.cn', 'rebind.example.cn', 'v6.example.cn']) {
      expect((await resolveWith(false, answers, host)).error?.message, host).toBe(TARGET_MESSAGES.internal);
    }
    expect(await resolveWith(false, answers, 'labour.scjst.gov.cn')).toEqual({ error: null, address: '171.221.1.9' });
    // An exact allow-list entry is the operator's word for it.
    expect(await resolveWith(true, answers, 'intranet.example.cn')).toEqual({ error: null, address: '10.20.0.5' });
    expect((await resolveWith(false, answers, 'missing.example.cn')).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
