import { describe, expect, it } from 'vitest';
import { decide, isAllowed, isLocalAddress } from './proxyDecision';

const to = (addresses: string[]) => async () => addresses;

describe('proxy decisions', () => {
  it('matches domains exactly, and *.x any sub-domain of x but not x', () => {
    const allow = ['registry.npmjs.org', '*.example.com'];
    expect(isAllowed(allow, 'REGISTRY.npmjs.org.')).toBe(true);
    expect(isAllowed(allow, 'a.b.example.com')).toBe(true);
    expect(isAllowed(allow, 'example.com')).toBe(false);
    expect(isAllowed(allow, 'evilexample.com')).toBe(false);
    expect(isAllowed(allow, 'registry.npmjs.org.evil.test')).toBe(false);
  });

  it('knows local addresses (loopback, private, link-local, mapped, unspecified)', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(isLocalAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:4700::1', '::ffff:8.8.8.8', '172.32.0.1']) expect(isLocalAddress(a), a).toBe(false);
  });

  it('refuses a name that is not listed, without resolving it', async () => {
    let asked = false;
    const d = await decide(['a.test'], 'b.test', 443, async () => ((asked = true), ['1.2.3.4']));
    expect(d).toEqual({ ok: false, reason: 'not_allowed' });
    expect(asked).toBe(false);
  });

  it('refuses a wildcard-allowed name that resolves to a local address, but not one listed exactly', async () => {
    expect(await decide(['*.example.com'], 'db.example.com', 5432, to(['93.184.216.34', '10.0.0.5']))).toEqual({ ok: false, reason: 'local_address', address: '10.0.0.5' });
    expect(await decide(['db.example.com'], 'db.example.com', 5432, to(['10.0.0.5']))).toEqual({ ok: true, address: '10.0.0.5' });
    expect(await decide(['localhost'], 'localhost', 3000, to(['127.0.0.1']))).toEqual({ ok: true, address: '127.0.0.1' });
    expect(await decide(['127.0.0.1'], '127.0.0.1', 3000, to([]))).toEqual({ ok: true, address: '127.0.0.1' });
    expect(await decide(['[::1]'], '[::1]', 3000, to([]))).toEqual({ ok: true, address: '::1' });
  });

  it('refuses a name that does not resolve', async () => {
    expect(await decide(['x.test'], 'x.test', 80, async () => Promise.reject(new Error('ENOTFOUND')))).toEqual({ ok: false, reason: 'unresolved' });
    expect(await decide(['x.test'], 'x.test', 80, to([]))).toEqual({ ok: false, reason: 'unresolved' });
  });

  it('connects to the address it checked (the first)', async () => {
    expect(await decide(['x.test'], 'x.test', 80, to(['93.184.216.34', '93.184.216.35']))).toEqual({ ok: true, address: '93.184.216.34' });
  });
});
