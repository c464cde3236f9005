import { describe, expect, it } from 'vitest';
import { wordsText } from '../../../shared/errors';
import { BWRAP_PROBE_ARGS, detectSandbox, sandboxAvailability, type SystemProbe } from './sandboxAvailability';

const probe = (over: Partial<SystemProbe> & { programs?: string[] }): SystemProbe => ({
  platform: 'linux',
  which: (name) => (over.programs ?? ['bwrap', 'socat']).includes(name) ? `/usr/bin/${name}` : null,
  exists: () => false,
  run: async () => ({ ok: true, stderr: '' }),
  ...over,
});

describe('sandbox availability', () => {
  it('Linux with bubblewrap that works and socat: available, with their paths; the probe creates the namespaces used', async () => {
    const ran: string[][] = [];
    const a = await detectSandbox(probe({ run: async (file, args) => (ran.push([file, ...args]), { ok: true, stderr: '' }) }));
    expect(a).toEqual({ available: true, kind: 'bwrap', bwrap: '/usr/bin/bwrap', socat: '/usr/bin/socat' });
    expect(ran).toEqual([['/usr/bin/bwrap', ...BWRAP_PROBE_ARGS]]);
    expect(BWRAP_PROBE_ARGS).toEqual(expect.arrayContaining(['--unshare-user', '--unshare-pid', '--unshare-net']));
  });

  it('says why not, and how to install one, in English and Chinese', async () => {
    const none = await detectSandbox(probe({ programs: ['socat'] }));
    expect(none).toMatchObject({ available: false, kind: 'noBwrap' });
    if (none.available) throw new Error('unreachable');
    expect(none.reason.en).toBe('Commands run without a sandbox: bubblewrap (bwrap) is not installed. To have one, install bubblewrap and socat: apt install bubblewrap socat.');
    expect(none.hint?.en).toBe('install bubblewrap and socat: apt install bubblewrap socat');
    expect(wordsText(none.reason, 'zh-CN')).toContain('apt install bubblewrap socat');
    expect(wordsText(none.reason, 'zh-CN')).toContain('没有安装 bubblewrap');

    const noSocat = await detectSandbox(probe({ programs: ['bwrap'] }));
    expect(noSocat).toMatchObject({ available: false, kind: 'noSocat' });
  });

  it('bubblewrap that cannot create namespaces (user namespaces off): unavailable with what it said', async () => {
    const a = await detectSandbox(probe({ run: async () => ({ ok: false, stderr: 'bwrap: No permissions to creating new namespace\n' }) }));
    expect(a).toMatchObject({ available: false, kind: 'bwrapFails', detail: 'No permissions to creating new namespace' });
    if (!a.available) expect(a.reason.en).toMatch(/cannot create a sandbox here \(No permissions/);
  });

  it('macOS: sandbox-exec is detected but not used yet; Windows: none, nothing to install', async () => {
    const mac = await detectSandbox(probe({ platform: 'darwin', exists: (p) => p === '/usr/bin/sandbox-exec' }));
    expect(mac).toMatchObject({ available: false, kind: 'seatbelt', hint: null });
    const win = await detectSandbox(probe({ platform: 'win32' }));
    expect(win).toMatchObject({ available: false, kind: 'platform', detail: 'win32', hint: null });
  });

  it('this machine is probed once per process', async () => {
    const first = sandboxAvailability();
    expect(sandboxAvailability()).toBe(first);
    const a = await first;
    if (!a.available) console.warn(`no sandbox on this machine: ${a.reason.en}`);
    else expect(a.bwrap).toMatch(/\/bwrap$/);
  });
});
