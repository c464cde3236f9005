import { afterEach, describe, expect, it } from 'vitest';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import { errorText } from '../../../shared/errors';

let kit: SettingsKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

describe('settings.get', () => {
  it('answers defaults with every policy field filled, the built-in modes and the ranges', async () => {
    kit = await startSettingsKit();
    const s = await kit.call('settings.get');
    expect(s.workspace?.root).toBe(kit.root);
    expect(s.files.workspace).toBe(`${kit.root}/.akira/settings.json`);
    expect(s.global).toEqual({ model: {}, models: {}, agent: {} });
    expect(s.effective.model.error).toMatch(/No model is configured/);
    // Issue 14: the same in words, which the start form says in the UI's language.
    expect(s.effective.model.errorWords).toEqual({ key: 'model.noModel', values: [] });
    expect(errorText({ message: s.effective.model.error!, words: s.effective.model.errorWords }, 'en')).toBe(s.effective.model.error);
    expect(errorText({ message: s.effective.model.error!, words: s.effective.model.errorWords }, 'zh-CN')).toMatch(/^尚未配置模型。/);
    expect(s.effective.agent).toMatchObject({ mode: 'code-dev', contextTokens: 16000 });
    expect(s.effective.agent.policy.limits).toMatchObject({ maxToolLoopsPerTodo: 25, maxConcurrentTasks: 3 });
    expect(s.effective.agent.policy.commands.allow).toContain('git status');
    expect(s.ranges.limits.maxConcurrentTasks).toEqual({ min: 1, max: 10, default: 3 });
    expect(s.ranges.timeoutSeconds).toMatchObject({ min: 1, max: 3600 });
    expect(s.modes.map((m) => m.id)).toEqual(expect.arrayContaining(['code-dev', 'bug-fix', 'learn', 'optimize', 'autonomous']));
    expect(s.apiKey).toMatchObject({ set: false, source: 'none', hint: null, stored: false, storage: { kind: 'file' } });
    expect(s.problems).toEqual([]);
  });

  it('works without an open folder (global scope only)', async () => {
    kit = await startSettingsKit({ noWorkspace: true });
    const s = await kit.call('settings.get');
    expect(s.workspace).toBeNull();
    expect(s.workspaceLayer).toBeNull();
    await kit.call('settings.update', { scope: 'global', model: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3' } });
    const e = await kit.fail('settings.update', { scope: 'workspace', model: { model: 'x' } });
    expect(e.code).toBe('unavailable');
  });

  it('shows the layers apart and the effective values with where they come from', async () => {
    kit = await startSettingsKit({
      globalSettings: { model: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: 'sk-plain-text-key-1234' }, agent: { policy: { limits: { maxRetriesPerTodo: 5 } } } },
      files: { '.akira/settings.json': JSON.stringify({ model: { model: 'qwen' }, models: { qwen: { jsonMode: true } }, agent: { contextTokens: 32000 } }) },
    });
    const s = await kit.call('settings.get');
    expect(s.global.model).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(JSON.stringify(s)).not.toContain('sk-plain-text-key-1234');
    expect(s.workspaceLayer).toEqual({ model: { model: 'qwen' }, models: { qwen: { jsonMode: true } }, agent: { contextTokens: 32000 } });
    expect(s.effective.model).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', model: 'qwen', jsonMode: true, sources: { baseURL: 'global', model: 'workspace' } });
    expect(s.effective.agent).toMatchObject({ contextTokens: 32000 });
    expect(s.effective.agent.policy.limits.maxRetriesPerTodo).toBe(5);
    expect(s.inheritedPolicy.global.limits.maxRetriesPerTodo).toBe(3);
    expect(s.inheritedPolicy.workspace.limits.maxRetriesPerTodo).toBe(5);
    expect(s.apiKey).toMatchObject({ set: true, source: 'settings', hint: '…1234' });
  });
});

describe('settings.update', () => {
  it('writes the global file atomically and keeps the sections and fields it does not touch', async () => {
    kit = await startSettingsKit({
      globalSettings: { recentFolders: ['/somewhere'], telemetry: { off: true }, model: { apiKey: 'sk-keep-me-000000', maxRetries: 2 }, agent: { mode: 'learn', custom: 1 } },
    });
    const s = await kit.call('settings.update', {
      scope: 'global',
      model: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3', maxRetries: null },
      models: { llama3: { jsonMode: true } },
      agent: { policy: { autoApprove: { write: true }, commands: { deny: ['rm -rf'] }, limits: { maxToolLoopsPerTodo: 40 } } },
    });
    const file = await kit.readGlobal();
    expect(file.recentFolders).toEqual([kit.root, '/somewhere']);
    expect(file.telemetry).toEqual({ off: true });
    expect(file.model).toEqual({ apiKey: 'sk-keep-me-000000', baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(file.models).toEqual({ llama3: { jsonMode: true } });
    expect(file.agent).toEqual({ mode: 'learn', custom: 1, policy: { autoApprove: { write: true }, commands: { deny: ['rm -rf'] }, limits: { maxToolLoopsPerTodo: 40 } } });
    expect(s.effective.model).toMatchObject({ model: 'llama3', jsonMode: true, error: null });
    expect(s.effective.agent.policy.autoApprove.write).toBe(true);
    expect(s.effective.agent.policy.commands.deny).toEqual(['rm -rf']);
    // the agent reads the same file: a session's settings come from here (agentSettings.ts)
    await kit.call('settings.update', { scope: 'global', models: { llama3: null }, agent: { policy: null } });
    const after = await kit.readGlobal();
    expect(after.models).toBeUndefined();
    expect(after.agent).toEqual({ mode: 'learn', custom: 1 });
  });

  it('refuses invalid fields with details naming each one, and writes nothing', async () => {
    kit = await startSettingsKit({ globalSettings: { model: { model: 'm' } } });
    const before = await kit.readGlobal();
    const e = await kit.fail('settings.update', {
      scope: 'global',
      model: { baseURL: 'localhost:11434', timeoutSeconds: 0 },
      agent: { contextTokens: 10, mode: 'nope', policy: { limits: { maxToolLoopsPerTodo: 500, maxRetriesPerTodo: 1.5 }, commands: { allow: ['ls && rm -rf /'] } } },
    });
    expect(e.code).toBe('bad_request');
    const fields = Object.fromEntries(e.details!.fields!.map((f) => [f.path, f.message]));
    expect(fields['model.baseURL']).toMatch(/http:\/\/ or https:\/\//);
    expect(fields['model.timeoutSeconds']).toBe('Timeout must be a number from 1 to 3,600 seconds (got 0)');
    expect(fields['agent.contextTokens']).toBe('Context budget must be a whole number from 2,000 to 1,000,000 tokens (got 10)');
    expect(fields['agent.mode']).toMatch(/no mode "nope"; modes: .*code-dev/);
    // In the settings view's words, never the file's keys (issue 14).
    expect(fields['agent.policy.limits.maxToolLoopsPerTodo']).toBe('Max tool loops per TODO must be a whole number from 1 to 200 (got 500)');
    expect(fields['agent.policy.limits.maxRetriesPerTodo']).toBe('Max retries per TODO must be a whole number from 0 to 10 (got 1.5)');
    expect(fields['agent.policy.commands.allow.0']).toMatch(/one command's leading words/);
    expect(e.message).toMatch(/^Not saved: the global settings have 7 invalid fields/);
    // The same in words (issue 14): the whole refusal and each number out of range, said in Chinese too.
    expect(e.words?.key).toBe('settings.notSaved');
    expect(errorText(e, 'zh-CN')).toMatch(/^未保存：全局设置中有 7 个无效字段：model\.baseURL, /);
    const words = Object.fromEntries(e.details!.fields!.map((f) => [f.path, f.words]));
    expect(words['agent.policy.limits.maxToolLoopsPerTodo']).toEqual({ key: 'settings.outOfRange', values: ['maxToolLoopsPerTodo', 1, 200, '500'] });
    expect(errorText({ message: '', words: words['agent.policy.limits.maxToolLoopsPerTodo'] }, 'en')).toBe('Max tool loops per TODO must be a whole number from 1 to 200 (got 500)');
    expect(errorText({ message: '', words: words['agent.policy.limits.maxToolLoopsPerTodo'] }, 'zh-CN')).toBe('每个 TODO 的最大工具调用次数必须是 1 到 200 之间的整数（当前为 500）');
    expect(errorText({ message: '', words: words['model.timeoutSeconds'] }, 'zh-CN')).toBe('超时必须是 1 到 3,600 秒之间的数字（当前为 0）');
    expect(await kit.readGlobal()).toEqual(before);
  });

  it('answers unknown policy fields and wrong types with field details too', async () => {
    kit = await startSettingsKit();
    const unknown = await kit.fail('settings.update', { scope: 'global', agent: { policy: { limits: { maxBananas: 3 } } } });
    expect(unknown.details?.fields?.[0]).toMatchObject({ path: 'agent.policy.limits.maxBananas' });
    expect(unknown.details?.fields?.[0].message).toMatch(/not a policy setting \(known: maxToolLoopsPerTodo/);
    // a wrong type is refused by the contract itself; the router answers the fields as well
    const typed = await kit.fail('settings.update', { scope: 'global', model: { timeoutSeconds: 'soon' as unknown as number } });
    expect(typed.details?.fields).toEqual([
      { path: 'model.timeoutSeconds', message: expect.stringMatching(/number/), words: { key: 'input.wrongType', values: ['model.timeoutSeconds', 'number', 0] } },
    ]);
  });

  it('refuses from the workspace what would loosen safety, and keeps the file’s other sections', async () => {
    kit = await startSettingsKit({ files: { '.akira/settings.json': JSON.stringify({ team: 'ours', agent: { mode: 'bug-fix' } }) } });
    const e = await kit.fail('settings.update', {
      scope: 'workspace',
      agent: { policy: { autoApprove: { write: true, command: false }, commands: { allow: ['npm test'] }, requirePlanApproval: false } },
    });
    expect(e.details?.fields?.map((f) => f.path).sort()).toEqual(['agent.policy.autoApprove.write', 'agent.policy.commands.allow', 'agent.policy.requirePlanApproval']);
    const s = await kit.call('settings.update', {
      scope: 'workspace',
      model: { model: 'qwen' },
      agent: { policy: { autoApprove: { command: false }, commands: { deny: ['git push'] }, limits: { maxFileModificationsPerSession: 20 }, requirePlanApproval: true } },
    });
    expect(await kit.readWorkspace()).toEqual({
      team: 'ours',
      model: { model: 'qwen' },
      agent: { mode: 'bug-fix', policy: { autoApprove: { command: false }, commands: { deny: ['git push'] }, limits: { maxFileModificationsPerSession: 20 }, requirePlanApproval: true } },
    });
    expect(s.effective.agent).toMatchObject({ mode: 'bug-fix' });
    expect(s.effective.agent.policy).toMatchObject({ requirePlanApproval: true, limits: { maxFileModificationsPerSession: 20 } });
    expect(s.effective.agent.policy.commands.deny).toContain('git push');
  });

  it('reports a broken file instead of failing, and refuses to overwrite it', async () => {
    kit = await startSettingsKit({ files: { '.akira/settings.json': '{ "model": ' } });
    const s = await kit.call('settings.get');
    expect(s.problems.join('\n')).toMatch(/\.akira\/settings\.json is not valid JSON/);
    const e = await kit.fail('settings.update', { scope: 'workspace', model: { model: 'x' } });
    expect(e.code).toBe('conflict');
    expect((await kit.workspaceFiles()).get('.akira/settings.json')).toBe('{ "model": ');
  });

  it('reports invalid values already in a file as problems, and does not blame them on an unrelated save', async () => {
    kit = await startSettingsKit({ globalSettings: { agent: { policy: { limits: { maxConcurrentTasks: 99 } } } } });
    const s = await kit.call('settings.get');
    expect(s.problems.join('\n')).toMatch(/agent\.policy\.limits\.maxConcurrentTasks: Max concurrent tasks must be a whole number from 1 to 10/);
    expect(s.effective.agent.policy.limits.maxConcurrentTasks).toBe(3);
    await kit.call('settings.update', { scope: 'global', model: { model: 'llama3' } });
    const fixed = await kit.call('settings.update', { scope: 'global', agent: { policy: { limits: { maxConcurrentTasks: 2 } } } });
    expect(fixed.problems).toEqual([]);
    expect(fixed.effective.agent.policy.limits.maxConcurrentTasks).toBe(2);
  });

  it('tells other windows that settings changed', async () => {
    kit = await startSettingsKit();
    const seen: string[] = [];
    kit.core.bus.on('settings.onChanged', (d) => seen.push(d.scope));
    await kit.call('settings.update', { scope: 'workspace', model: { model: 'a' } });
    await kit.call('settings.setApiKey', { key: 'sk-abcdefghijklmnop' });
    expect(seen).toEqual(['workspace', 'apiKey']);
  });
});
