import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readAgentSettings } from '../agent/orchestrator/agentSettings';
import { applyPatch, checkLayer } from '../settings/settingsLayers';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { globalSandbox, tightenSandbox } from './sandboxSettings';

// agent.sandbox in the settings files: read by the agent's settings, checked by the settings view.

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

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
});
