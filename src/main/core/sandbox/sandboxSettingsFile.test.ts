import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readAgentSettings } from '../agent/orchestrator/agentSettings';
import { applyPatch, checkLayer } from '../settings/settingsLayers';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import { errorText } from '../../../shared/errors';
import { globalSandbox, loosenedSandboxFields, tightenSandbox } from './sandboxSettings';

// agent.sandbox in the settings files: read by the agent's settings, checked by the settings view.

let cleanup: (() => Promise<void>) | undefined;
let kit: SettingsKit | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  await kit?.close();
  kit = null;
});

describe('agent.sandbox in settings files', () => {
  it('is read from both files, and the workspace only tightens it', async () => {
    const t = await tempDir('akira-sbx-settings-');
    cleanup = t.cleanup;
    const root = join(t.dir, 'ws');
    const dataDir = join(t.dir, 'data');
    await writeTree(t.dir, {
      'data/settings.json': JSON.stringify({ agent: { sandbox: { mode: 'auto', network: { allow: ['registry.npmjs.org'] } } } }),
      'ws/.akira/settings.json': JSON.stringify({ agent: { sandbox: { mode: 'off', network: { allow: ['registry.npmjs.org', 'evil.test'] }, allowWrite: ['~'] } } }),
    });
    const s = await readAgentSettings(root, dataDir);
    const effective = tightenSandbox(globalSandbox(s.global.sandbox), s.workspace.sandbox);
    expect(effective.mode).toBe('auto');
    expect(effective.network.allow).toEqual(['registry.npmjs.org']);
    expect(effective.allowWrite).toEqual([]);
  });

  it('an invalid value is refused naming the field', async () => {
    const t = await tempDir('akira-sbx-settings-');
    cleanup = t.cleanup;
    await writeTree(t.dir, { 'ws/.akira/settings.json': JSON.stringify({ agent: { sandbox: { mode: 'sometimes' } } }) });
    await expect(readAgentSettings(join(t.dir, 'ws'), join(t.dir, 'data'))).rejects.toThrow(/agent\.sandbox\.mode/);
    const issues = checkLayer({ agent: { sandbox: { mode: 'sometimes', extra: 1 } } }, 'workspace', ['code-dev']);
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(['agent.sandbox.mode', 'agent.sandbox.extra']));
  });

  it('saving other agent settings from the settings view keeps agent.sandbox', () => {
    const raw = { agent: { mode: 'code-dev', sandbox: { mode: 'required' } } };
    expect(applyPatch(raw, { agent: { mode: 'autonomous' } })).toEqual({ agent: { mode: 'autonomous', sandbox: { mode: 'required' } } });
  });

  it('the settings view shows each layer and the sandbox in effect, and saves it to the global file keeping the rest', async () => {
    kit = await startSettingsKit({ globalSettings: { agent: { mode: 'code-dev', sandbox: { network: { allow: ['registry.npmjs.org', '*.example.com'] } } } } });
    let s = await kit.call('settings.get');
    expect(s.global.agent.sandbox).toEqual({ network: { allow: ['registry.npmjs.org', '*.example.com'] } });
    expect(s.effective.agent.sandbox).toMatchObject({ mode: 'auto', network: { allow: ['registry.npmjs.org', '*.example.com'] } });
    expect(s.inheritedSandbox?.global.network.allow).toContain('pypi.org');
    expect(s.inheritedSandbox?.workspace.network.allow).toEqual(['registry.npmjs.org', '*.example.com']);

    s = await kit.call('settings.update', { scope: 'global', agent: { sandbox: { mode: 'off', network: { allow: ['registry.npmjs.org'] }, allowWrite: ['~/.cache/pip'] } } });
    expect(s.effective.agent.sandbox).toMatchObject({ mode: 'off', allowWrite: ['~/.cache/pip'] });
    // Saving the rest of the form (which does not send agent.sandbox) keeps it.
    await kit.call('settings.update', { scope: 'global', agent: { mode: 'autonomous', policy: null } });
    const file = JSON.parse(await readFile(join(kit.dataDir, 'settings.json'), 'utf8'));
    expect(file.agent).toEqual({ mode: 'autonomous', sandbox: { mode: 'off', network: { allow: ['registry.npmjs.org'] }, allowWrite: ['~/.cache/pip'] } });
    // An invalid entry is refused naming it.
    const bad = await kit.fail('settings.update', { scope: 'global', agent: { sandbox: { network: { allow: ['not a domain'] } } } });
    expect(bad.details?.fields?.map((f: { path: string }) => f.path)).toEqual(['agent.sandbox.network.allow.0']);
  });

  it('a workspace layer that would loosen the global sandbox is refused next to its field, and left out when in the file', async () => {
    kit = await startSettingsKit({
      globalSettings: { agent: { sandbox: { mode: 'auto', network: { allow: ['*.example.com'] }, allowWrite: ['~/.cache'] } } },
      files: { '.akira/settings.json': JSON.stringify({ agent: { sandbox: { mode: 'off', denyRead: ['~/secrets'] } } }) },
    });
    const s = await kit.call('settings.get');
    expect(s.workspaceLayer?.agent.sandbox).toEqual({ mode: 'off', denyRead: ['~/secrets'] });
    expect(s.effective.agent.sandbox?.mode).toBe('auto');
    expect(s.effective.agent.sandbox?.denyRead).toContain('~/secrets');
    const i = s.problems.findIndex((p) => p.includes('agent.sandbox.mode'));
    expect(s.problems[i]).toContain('A workspace can only make the sandbox stricter');
    expect(s.problems[i]).toContain('(left out by the agent)');
    expect(s.workspaceLeftOut?.map((l) => l.path)).toEqual(['agent.sandbox.mode']);
    expect(errorText({ message: s.problems[i], words: s.problemWords?.[i] ?? undefined }, 'zh-CN')).toContain('工作区只能让沙箱更严格');

    const e = await kit.fail('settings.update', {
      scope: 'workspace',
      agent: { sandbox: { mode: 'off', network: { allow: ['api.example.com', 'evil.test'] }, allowWrite: ['~/.cache/pip', '/etc'] } },
    });
    expect(e.code).toBe('bad_request');
    const fields = (e.details?.fields ?? []) as { path: string; message: string }[];
    expect(fields.map((f) => f.path)).toEqual(['agent.sandbox.mode', 'agent.sandbox.network.allow', 'agent.sandbox.allowWrite']);
    expect(fields[1].message).toContain('evil.test');
    expect(fields[1].message).not.toContain('api.example.com');
    expect(fields[2].message).toContain('/etc');
    expect(fields[2].message).not.toContain('pip');
    // Tightening is saved.
    await kit.call('settings.update', { scope: 'workspace', agent: { sandbox: { mode: 'required', network: { allow: ['api.example.com'] }, allowWrite: [] } } });
    expect((await kit.call('settings.get')).effective.agent.sandbox).toMatchObject({ mode: 'required', network: { allow: ['api.example.com'] }, allowWrite: [] });
  });

  it('loosenedSandboxFields names only what tightenSandbox does not apply', () => {
    const global = globalSandbox({ mode: 'required', network: { allow: ['*.example.com'] }, allowWrite: ['/tmp/cache'] });
    expect(loosenedSandboxFields(global, { mode: 'required', network: { allow: ['a.example.com', '*.b.example.com'] }, denyRead: ['~'], allowWrite: ['/tmp/cache/x'] })).toEqual([]);
    expect(loosenedSandboxFields(global, { mode: 'auto', network: { allow: ['example.com'] }, allowWrite: ['/tmp'] }).map((l) => l.path)).toEqual([
      'agent.sandbox.mode',
      'agent.sandbox.network.allow',
      'agent.sandbox.allowWrite',
    ]);
    expect(loosenedSandboxFields(global, undefined)).toEqual([]);
  });
});
