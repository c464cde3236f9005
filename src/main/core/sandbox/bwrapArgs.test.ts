import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_READ_ONLY } from '../agent/policy';
import { tempDir } from '../../../testing/tempTree';
import { bwrapArgs, BWRAP_FLAGS } from './bwrapArgs';
import { planSandbox, type SandboxPlan } from './sandboxPaths';

const plan = (over: Partial<SandboxPlan> = {}): SandboxPlan => ({
  root: '/home/u/project',
  cwd: '/home/u/project/src',
  sessionTmp: '/tmp/akira-sbx-1/tmp',
  writable: [],
  denyDirs: [],
  denyFiles: [],
  readable: [],
  readOnly: [],
  proxySocket: '/tmp/akira-sbx-1/proxy.sock',
  ...over,
});

/** The mount part of the list as `[option, …paths]` groups, in order. */
function mounts(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--perms') out.push(`perms ${args[++i]} tmpfs ${args[(i += 2)]}`);
    else if (a === '--tmpfs' || a === '--dev' || a === '--proc') out.push(`${a.slice(2)} ${args[++i]}`);
    else if (a === '--bind' || a === '--ro-bind') out.push(`${a.slice(2)} ${args[++i]} ${args[++i]}`);
  }
  return out;
}

describe('bwrapArgs', () => {
  it('isolates every namespace, drops every capability (we may run as root), and starts in cwd', () => {
    const args = bwrapArgs(plan());
    expect(args.slice(0, BWRAP_FLAGS.length)).toEqual([
      '--die-with-parent',
      '--new-session',
      '--unshare-pid',
      '--unshare-net',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--unshare-user',
      '--cap-drop',
      'ALL',
    ]);
    expect(args.slice(-2)).toEqual(['--chdir', '/home/u/project/src']);
    expect(args).not.toContain('--share-net');
  });

  it('mounts / read-only, empties /tmp and /run, then the writable places, the hidden ones and the protected ones, parents first', () => {
    const args = bwrapArgs(
      plan({
        writable: ['/home/u/.cache/pip'],
        denyDirs: ['/home/u/.ssh'],
        denyFiles: ['/home/u/.netrc'],
        readOnly: ['/home/u/project/AGENTS.md', '/home/u/project/.git/config'],
      }),
    );
    expect(mounts(args)).toEqual([
      'ro-bind / /',
      'dev /dev',
      'proc /proc',
      'tmpfs /tmp',
      'tmpfs /run',
      'bind /home/u/project /home/u/project',
      'bind /tmp/akira-sbx-1/tmp /tmp/akira-sbx-1/tmp',
      'perms 0000 tmpfs /home/u/.ssh',
      'ro-bind /dev/null /home/u/.netrc',
      'ro-bind /tmp/akira-sbx-1/proxy.sock /tmp/akira-sbx-1/proxy.sock',
      'bind /home/u/.cache/pip /home/u/.cache/pip',
      'ro-bind /home/u/project/AGENTS.md /home/u/project/AGENTS.md',
      'ro-bind /home/u/project/.git/config /home/u/project/.git/config',
    ]);
  });

  it('orders by depth: a worktree inside the hidden data folder comes after it (and the folder may be passed through), a hidden path inside the workspace after the workspace', () => {
    const args = bwrapArgs(
      plan({
        root: '/home/u/.config/akira/worktrees/abc/w1',
        cwd: '/home/u/.config/akira/worktrees/abc/w1',
        denyDirs: ['/home/u/.config/akira', '/home/u/.config/akira/worktrees/abc/w1/secrets'],
      }),
    );
    const m = mounts(args);
    expect(m.indexOf('perms 0111 tmpfs /home/u/.config/akira')).toBeGreaterThan(-1);
    expect(m.indexOf('perms 0111 tmpfs /home/u/.config/akira')).toBeLessThan(m.indexOf('bind /home/u/.config/akira/worktrees/abc/w1 /home/u/.config/akira/worktrees/abc/w1'));
    expect(m.indexOf('bind /home/u/.config/akira/worktrees/abc/w1 /home/u/.config/akira/worktrees/abc/w1')).toBeLessThan(m.indexOf('perms 0000 tmpfs /home/u/.config/akira/worktrees/abc/w1/secrets'));
  });

  it('at the same path: hidden wins over writable, read-only over both', () => {
    const m = mounts(bwrapArgs(plan({ writable: ['/home/u/.aws'], denyDirs: ['/home/u/.aws'] })));
    expect(m.indexOf('bind /home/u/.aws /home/u/.aws')).toBeLessThan(m.indexOf('perms 0000 tmpfs /home/u/.aws'));
  });

  it('leaves out hidden paths under the emptied /tmp and /run (they are gone anyway), and no socket means no bind', () => {
    const m = mounts(bwrapArgs(plan({ denyDirs: ['/tmp/other/.ssh', '/run/user/0'], proxySocket: null })));
    expect(m.some((x) => x.includes('/tmp/other') || x.includes('/run/user'))).toBe(false);
    expect(m.some((x) => x.includes('proxy.sock'))).toBe(false);
  });
});

describe('planSandbox', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  it('keeps existing paths only, resolved; splits hidden folders and files; protects only inside writable places', async () => {
    const t = await tempDir('akira-plan-');
    cleanup = t.cleanup;
    const root = join(t.dir, 'ws');
    const home = join(t.dir, 'home');
    for (const d of [join(root, '.git/hooks'), join(root, '.akira'), join(home, '.ssh'), join(t.dir, 'tmp')]) mkdirSync(d, { recursive: true });
    writeFileSync(join(root, 'AGENTS.md'), '');
    writeFileSync(join(root, '.git/config'), '');
    writeFileSync(join(home, '.netrc'), '');
    symlinkSync(join(home, '.ssh'), join(home, '.ssh-link'));
    const p = planSandbox({
      root,
      sessionTmp: join(t.dir, 'tmp'),
      allowWrite: [join(t.dir, 'missing')],
      denyRead: [join(home, '.ssh'), join(home, '.ssh-link'), join(home, '.netrc'), join(home, '.aws'), '/'],
      readOnly: SANDBOX_READ_ONLY,
      proxySocket: null,
    });
    expect(p.writable).toEqual([]);
    expect(p.denyDirs).toEqual([join(home, '.ssh')]);
    expect(p.denyFiles).toEqual([join(home, '.netrc')]);
    expect(p.readOnly.sort()).toEqual([join(root, '.git/config'), join(root, '.git/hooks'), join(root, 'AGENTS.md')].sort());
    expect(p.cwd).toBe(root);
  });

  it('skips .git/config when .git is a file (a worktree: its git folder lies outside, read-only already)', async () => {
    const t = await tempDir('akira-plan-');
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, '.git'), 'gitdir: /elsewhere\n');
    const p = planSandbox({ root: t.dir, sessionTmp: t.dir, allowWrite: [], denyRead: [], readOnly: ['.git/config', '.git/hooks'], proxySocket: null });
    expect(p.readOnly).toEqual([]);
  });
});
