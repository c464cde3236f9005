import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_READ_ONLY } from '../agent/policy';
import { realSandbox, runWrapped, sandboxFixture, type SandboxFixture } from '../../../testing/sandboxKit';
import { createSandbox, type Sandbox } from './createSandbox';
import { createWorkspaceGrants, grantFor, mergeGrants, withGrant } from './sandboxGrants';
import { globalSandbox, loosenedSandboxFields, tightenSandbox, type SandboxLayer } from './sandboxSettings';

// What the sandbox card grants (issue 26): a path readable again inside a hidden folder, never Akira's data folder;
// a write's nearest existing folder, never `/`; hosts the proxy lets through. Real bubblewrap for the reads.

const { availability, skip } = await realSandbox();
if (skip) console.warn(`sandboxGrants.security.test.ts: real-bwrap tests skipped: ${skip}`);

let fx: SandboxFixture;
let sandbox: Sandbox | null = null;
beforeEach(async () => {
  fx = await sandboxFixture();
  mkdirSync(join(fx.home, '.ssh'), { recursive: true });
  writeFileSync(join(fx.home, '.ssh', 'known_hosts'), 'KNOWN-HOSTS-LINE\n');
});
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = null;
  fx.cleanup();
});

async function run(layer: SandboxLayer, command: string) {
  sandbox = await createSandbox({ settings: globalSandbox(layer), root: fx.root, home: fx.home, dataDir: fx.dataDir, readOnly: SANDBOX_READ_ONLY, availability });
  return runWrapped(sandbox.wrap(command, { cwd: fx.root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: fx.home } }), fx.root);
}

describe.skipIf(skip)('allowRead (real bubblewrap)', () => {
  it('opens one file inside a hidden folder, and nothing else there', async () => {
    const r = await run({ allowRead: ['~/.ssh/known_hosts'] }, 'cat ~/.ssh/known_hosts; cat ~/.ssh/id_rsa; ls ~/.ssh; echo done');
    expect(r.out).toContain('KNOWN-HOSTS-LINE');
    expect(r.out).not.toContain('FAKE-PRIVATE-KEY-SECRET');
    expect(r.out).toMatch(/Permission denied/);
    expect(r.out).toMatch(/done/);
  });

  it('never opens Akira\'s data folder, even when a folder around it is allowed', async () => {
    const r = await run({ allowRead: ['~', fx.dataDir] }, `cat ~/.netrc; cat ${fx.dataDir}/settings.json; echo done`);
    // The user allowed their whole home: ~/.netrc reads; the data folder inside it stays hidden.
    expect(r.out).toContain('NETRC-SECRET');
    expect(r.out).not.toContain('DATA-DIR-SECRET');
    expect(r.out).toMatch(/done/);
  });
});

describe('grantFor', () => {
  it('grants hosts, a write\'s nearest existing folder and a read as it is; never `/`, the workspace or the data folder', () => {
    const where = { root: fx.root, home: fx.home, dataDir: fx.dataDir };
    const g = grantFor(
      [
        { kind: 'network', host: 'Example.COM', port: 443, reason: 'not_allowed' },
        { kind: 'network', host: 'nowhere.invalid', port: 80, reason: 'unresolved' },
        { kind: 'write', path: join(fx.outside, 'new', 'deeper.txt') },
        { kind: 'write', path: '~/.bashrc' },
        { kind: 'write', path: '/no-such-top-level-file' },
        { kind: 'write', path: join(fx.root, 'x') },
        { kind: 'read', path: join(fx.dataDir, 'settings.json') },
        { kind: 'read', path: '~/.ssh/id_rsa' },
      ],
      where,
    );
    expect(g).toEqual({ network: ['example.com'], allowWrite: [fx.outside, join(fx.home, '.bashrc')], allowRead: [join(fx.home, '.ssh', 'id_rsa')] });
    expect(mergeGrants(g, { network: ['example.com', 'b.org'], allowWrite: [], allowRead: [] }).network).toEqual(['example.com', 'b.org']);
    const settings = withGrant(globalSandbox({}), g);
    expect(settings.network.allow).toContain('example.com');
    expect(settings.network.allow).toContain('registry.npmjs.org');
  });

  it('a workspace layer can only narrow allowRead', () => {
    const user = globalSandbox({ allowRead: ['~/.ssh'] });
    expect(tightenSandbox(user, { allowRead: ['~/.ssh/known_hosts', '~/.aws'] }).allowRead).toEqual(['~/.ssh/known_hosts']);
    expect(loosenedSandboxFields(user, { allowRead: ['~/.aws'] }).map((f) => f.path)).toEqual(['agent.sandbox.allowRead']);
  });

  it('keeps a workspace\'s grants in the data folder, per workspace, and takes one back', async () => {
    const grants = createWorkspaceGrants(fx.dataDir);
    await grants.add(fx.root, { network: ['127.0.0.1'], allowWrite: [fx.outside], allowRead: [] });
    await grants.add('/elsewhere', { network: ['other.org'], allowWrite: [], allowRead: [] });
    expect(await grants.of(fx.root)).toEqual({ network: ['127.0.0.1'], allowWrite: [fx.outside], allowRead: [] });
    await grants.revoke(fx.root, 'network', '127.0.0.1');
    expect(await grants.of(fx.root)).toEqual({ network: [], allowWrite: [fx.outside], allowRead: [] });
    expect((await grants.of('/elsewhere')).network).toEqual(['other.org']);
  });
});
