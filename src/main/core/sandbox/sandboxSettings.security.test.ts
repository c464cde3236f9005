import { describe, expect, it } from 'vitest';
import { globalSandbox, sandboxLayerSchema, sandboxPathsOf, SANDBOX_DEFAULTS, tightenSandbox, type SandboxSettings } from './sandboxSettings';

// A workspace's .akira/settings.json can only tighten the user's sandbox (issue 26): a cloned repository must not
// switch it off, open the network or make the home folder writable.

const user: SandboxSettings = globalSandbox({
  mode: 'auto',
  network: { allow: ['registry.npmjs.org', '*.example.com'] },
  denyRead: ['~/.ssh'],
  allowWrite: ['~/.cache'],
});

describe('tightenSandbox', () => {
  it('mode only moves towards required', () => {
    expect(tightenSandbox(user, { mode: 'off' }).mode).toBe('auto');
    expect(tightenSandbox(user, { mode: 'required' }).mode).toBe('required');
    expect(tightenSandbox({ ...user, mode: 'required' }, { mode: 'auto' }).mode).toBe('required');
    expect(tightenSandbox({ ...user, mode: 'off' }, { mode: 'auto' }).mode).toBe('auto');
  });

  it('network.allow keeps only what the user allows', () => {
    const t = tightenSandbox(user, { network: { allow: ['registry.npmjs.org', 'evil.test', 'api.example.com', '*.sub.example.com', '*.com', 'example.com'] } });
    expect(t.network.allow).toEqual(['registry.npmjs.org', 'api.example.com', '*.sub.example.com']);
    expect(tightenSandbox(user, { network: { allow: [] } }).network.allow).toEqual([]);
    expect(tightenSandbox(user, {}).network.allow).toEqual(user.network.allow);
  });

  it('denyRead only adds', () => {
    expect(tightenSandbox(user, { denyRead: ['~/secrets'] }).denyRead).toEqual(['~/.ssh', '~/secrets']);
    expect(tightenSandbox(user, { denyRead: [] }).denyRead).toEqual(['~/.ssh']);
  });

  it('allowWrite keeps only paths the user allows (the same, or inside)', () => {
    expect(tightenSandbox(user, { allowWrite: ['~/.cache/pip', '~', '/', '~/.cache/../.bashrc', '~/.cache'] }).allowWrite).toEqual(['~/.cache/pip', '~/.cache']);
  });

  it('without a workspace layer, is the user sandbox', () => {
    expect(tightenSandbox(user, undefined)).toBe(user);
  });
});

describe('agent.sandbox settings', () => {
  it('defaults: auto, the package registries, the credential folders, nothing more writable', () => {
    expect(globalSandbox(undefined)).toEqual(SANDBOX_DEFAULTS);
    expect(SANDBOX_DEFAULTS.mode).toBe('auto');
    expect(SANDBOX_DEFAULTS.network.allow).toContain('registry.npmjs.org');
    expect(SANDBOX_DEFAULTS.denyRead).toEqual(expect.arrayContaining(['~/.ssh', '~/.aws', '~/.netrc', '~/.npmrc', '~/.config/gh', '~/.git-credentials']));
    expect(SANDBOX_DEFAULTS.allowWrite).toEqual([]);
  });

  it('the schema refuses unknown fields, modes and what is not a domain', () => {
    expect(sandboxLayerSchema.safeParse({ mode: 'none' }).success).toBe(false);
    expect(sandboxLayerSchema.safeParse({ allowNetwork: true }).success).toBe(false);
    expect(sandboxLayerSchema.safeParse({ network: { allow: ['http://x.com/'] } }).success).toBe(false);
    expect(sandboxLayerSchema.parse({ network: { allow: [' *.Example.COM '] } }).network?.allow).toEqual(['*.example.com']);
  });

  it("paths: ~ is the home, a relative one the workspace's, and Akira's data folder is always hidden", () => {
    const p = sandboxPathsOf({ ...user, allowWrite: ['~/.cache', 'build'] }, { home: '/h', root: '/w', dataDir: '/h/.config/akira' });
    expect(p.denyRead).toEqual(['/h/.ssh', '/h/.config/akira']);
    expect(p.allowWrite).toEqual(['/h/.cache', '/w/build']);
  });
});
