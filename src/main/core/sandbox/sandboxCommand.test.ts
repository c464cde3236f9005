import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { realSandbox } from '../../../testing/sandboxKit';
import { bridgeScript, PROXY_PORT, sandboxEnv } from './sandboxCommand';

const { availability, skip } = await realSandbox();

describe('the inner script and environment', () => {
  it('without a proxy socket, only runs the command', () => {
    expect(bridgeScript({ socket: null, socat: '/usr/bin/socat', shell: '/bin/bash' })).toBe(`exec '/bin/bash' -c "$1"`);
  });

  it('fixes TMPDIR and the proxy variables over the caller\'s, drops host socket variables, keeps the rest', () => {
    const env = sandboxEnv({ home: '/h', sessionTmp: '/t', extra: { FOO: 'bar', TMPDIR: '/elsewhere', HTTPS_PROXY: 'http://evil:1', SSH_AUTH_SOCK: '/run/x', NO_PROXY: '*' } });
    expect(env).toMatchObject({ FOO: 'bar', TMPDIR: '/t', HOME: '/h', HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`, ALL_PROXY: `socks5h://127.0.0.1:${PROXY_PORT}`, NO_PROXY: '' });
    expect(env.SSH_AUTH_SOCK).toBeUndefined();
  });

  it.skipIf(skip)('when socat cannot start, the command runs at once (without network) rather than waiting', () => {
    if (!availability.available) return;
    const script = bridgeScript({ socket: '/nonexistent.sock', socat: '/nonexistent/socat', shell: '/bin/sh' });
    const out = execFileSync(availability.bwrap, ['--unshare-user', '--unshare-net', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '/bin/sh', '-c', script, 'x', 'echo ran'], { encoding: 'utf8', timeout: 20_000 });
    expect(out).toBe('ran\n');
  });
});
