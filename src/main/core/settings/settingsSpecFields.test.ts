import { afterEach, describe, expect, it } from 'vitest';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import { readAgentSettings, specSettingsOf } from '../agent/orchestrator/agentSettings';
import { readRetentionSetting } from '../checkpoints/retentionSetting';

// The settings view's fields for spec sessions (agent.spec) and checkpoint retention (checkpoints.retentionDays),
// issue 9: shown per layer and in effect, patched field by field, range-checked with field errors, and
// written where the agent and the checkpoints read them.

let kit: SettingsKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const fieldsOf = (e: { details?: { fields?: { path: string; message: string }[] } }) => Object.fromEntries((e.details?.fields ?? []).map((f) => [f.path, f.message]));

describe('agent.spec and checkpoints.retentionDays in settings.*', () => {
  it('answers the defaults and the ranges; layers show nothing they do not set', async () => {
    kit = await startSettingsKit();
    const s = await kit.call('settings.get');
    expect(s.effective.agent.spec).toEqual({ skipConfidence: 0.8, onFailure: 'ask', assess: 'model' });
    expect(s.effective.checkpoints).toEqual({ retentionDays: 90, source: 'default' });
    expect(s.ranges.skipConfidence).toEqual({ min: 0.5, max: 1, default: 0.8 });
    expect(s.ranges.retentionDays).toEqual({ min: 1, max: 3650, default: 90 });
    expect(s.global).toEqual({ model: {}, models: {}, agent: {} });
  });

  it('saves them in either scope, where the agent and the checkpoints read them, and keeps other fields', async () => {
    kit = await startSettingsKit({ globalSettings: { agent: { mode: 'learn', spec: { assess: 'heuristic' } }, checkpoints: { other: 1 } } });
    let s = await kit.call('settings.update', { scope: 'global', agent: { spec: { skipConfidence: 0.9, onFailure: 'rollback' } }, checkpoints: { retentionDays: 30 } });
    expect((await kit.readGlobal()).agent).toEqual({ mode: 'learn', spec: { assess: 'heuristic', skipConfidence: 0.9, onFailure: 'rollback' } });
    expect((await kit.readGlobal()).checkpoints).toEqual({ other: 1, retentionDays: 30 });
    expect(s.global.agent.spec).toEqual({ assess: 'heuristic', skipConfidence: 0.9, onFailure: 'rollback' });
    expect(s.global.checkpoints).toEqual({ retentionDays: 30 });
    expect(s.effective.checkpoints).toEqual({ retentionDays: 30, source: 'global' });

    s = await kit.call('settings.update', { scope: 'workspace', agent: { spec: { onFailure: 'continue', assess: null } }, checkpoints: { retentionDays: 120 } });
    expect(await kit.readWorkspace()).toEqual({ agent: { spec: { onFailure: 'continue' } }, checkpoints: { retentionDays: 120 } });
    expect(s.workspaceLayer?.agent.spec).toEqual({ onFailure: 'continue' });
    expect(s.effective.agent.spec).toEqual({ skipConfidence: 0.9, onFailure: 'continue', assess: 'heuristic' });
    expect(s.effective.checkpoints).toEqual({ retentionDays: 120, source: 'workspace' });
    expect(specSettingsOf(await readAgentSettings(kit.root, kit.dataDir))).toEqual({ skipConfidence: 0.9, onFailure: 'continue', assess: 'heuristic' });
    expect(await readRetentionSetting(kit.root, kit.dataDir)).toEqual({ days: 120, source: 'workspace' });

    // null removes a field; a section left empty goes.
    await kit.call('settings.update', { scope: 'workspace', agent: { spec: { onFailure: null } }, checkpoints: { retentionDays: null } });
    expect(await kit.readWorkspace()).toEqual({});
    await kit.call('settings.update', { scope: 'global', agent: { spec: null } });
    expect((await kit.readGlobal()).agent).toEqual({ mode: 'learn' });
  });

  it('refuses values out of range or unknown with a message per field, and writes nothing', async () => {
    kit = await startSettingsKit({ globalSettings: { agent: { spec: { skipConfidence: 0.7 } } } });
    const before = await kit.readGlobal();
    const e = await kit.fail('settings.update', {
      scope: 'global',
      agent: { spec: { skipConfidence: 0.3, onFailure: 'retry', assess: 'oracle' } },
      checkpoints: { retentionDays: 4000.5 },
    });
    expect(e.code).toBe('bad_request');
    expect(fieldsOf(e)).toEqual({
      'agent.spec.skipConfidence': 'Skip confidence must be a number from 0.5 to 1 (got 0.3)',
      'agent.spec.onFailure': 'onFailure must be "ask", "rollback" or "continue" (got "retry")',
      'agent.spec.assess': 'assess must be "model" or "heuristic" (got "oracle")',
      'checkpoints.retentionDays': 'Checkpoint retention must be a whole number from 1 to 3,650 days (got 4000.5)',
    });
    expect(await kit.readGlobal()).toEqual(before);
    expect(fieldsOf(await kit.fail('settings.update', { scope: 'global', checkpoints: { retentionDays: 0 } }))['checkpoints.retentionDays']).toMatch(/from 1 to 3,650/);
  });

  it('a workspace can only lengthen the retention: shorter is refused on save, and noted when already in the file', async () => {
    kit = await startSettingsKit({ globalSettings: { checkpoints: { retentionDays: 60 } } });
    const e = await kit.fail('settings.update', { scope: 'workspace', checkpoints: { retentionDays: 30 } });
    expect(fieldsOf(e)['checkpoints.retentionDays']).toMatch(/only keep checkpoints longer: at least 60 days/);
    await kit.call('settings.update', { scope: 'workspace', checkpoints: { retentionDays: 60 } });
    // Written by hand: shown, noted, not applied.
    await kit.close();
    kit = await startSettingsKit({ globalSettings: { checkpoints: { retentionDays: 60 } }, files: { '.akira/settings.json': JSON.stringify({ checkpoints: { retentionDays: 7 } }) } });
    const s = await kit.call('settings.get');
    expect(s.workspaceLayer?.checkpoints).toEqual({ retentionDays: 7 });
    expect(s.effective.checkpoints).toEqual({ retentionDays: 60, source: 'global' });
    expect(s.problems.join('\n')).toMatch(/sets checkpoints\.retentionDays to 7, shorter than the global setting \(60\)/);
  });

  it('reports invalid values already in a file, and leaves them out of what is in effect', async () => {
    kit = await startSettingsKit({ globalSettings: { agent: { spec: { skipConfidence: 2, extra: true } }, checkpoints: 'forever' } });
    const s = await kit.call('settings.get');
    const problems = s.problems.join('\n');
    expect(problems).toMatch(/agent\.spec\.skipConfidence: Skip confidence must be a number from 0\.5 to 1 \(got 2\)/);
    expect(problems).toMatch(/agent\.spec\.extra: agent\.spec has no setting "extra"/);
    expect(problems).toMatch(/checkpoints: checkpoints must be an object/);
    expect(s.effective.agent.spec.skipConfidence).toBe(0.8);
    expect(s.effective.checkpoints.retentionDays).toBe(90);
    // an unrelated save is not blamed on them
    await kit.call('settings.update', { scope: 'global', model: { model: 'llama3' } });
  });
});
