import { afterEach, describe, expect, it } from 'vitest';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import { reasonIn, wordsText } from '../../../shared/errors';

// Issue 14: settings.get's problems stay English; problemWords beside them (same index, null for one without
// words) say them in the settings view's language.

let kit: SettingsKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const said = (s: { problems: string[]; problemWords?: ({ key: string; values: (string | number)[] } | null)[] }, language: 'en' | 'zh-CN') =>
  s.problems.map((p, i) => reasonIn(p, s.problemWords?.[i], language));

describe("settings.get's problems in words", () => {
  it('fields already in the files: their problem in Chinese, the English exactly as before', async () => {
    kit = await startSettingsKit({
      globalSettings: { model: { jsonMode: 'yes' }, agent: { spec: { skipConfidence: 2, extra: true } }, checkpoints: { retentionDays: 60 } },
      files: {
        '.akira/settings.json': JSON.stringify({ agent: { policy: { autoApprove: { command: true } } }, checkpoints: { retentionDays: 7 } }),
        '.akira/modes/broken.json': '{',
      },
    });
    const s = await kit.call('settings.get');
    expect(s.problemWords).toHaveLength(s.problems.length);
    // Every word says what its English says.
    s.problemWords!.forEach((w, i) => w && expect(wordsText(w, 'en')).toBe(s.problems[i]));
    const zh = said(s, 'zh-CN');
    const global = s.files.global;
    expect(zh).toContain(`${global}：model.jsonMode：jsonMode 应为 true 或 false（修复之前不会使用）`);
    expect(zh).toContain(`${global}：agent.spec.skipConfidence：跳过置信度必须是 0.5 到 1 之间的数字（当前为 2）（修复之前不会使用）`);
    expect(zh).toContain(`${global}：agent.spec.extra：agent.spec 没有设置 "extra"（可用的设置：skipConfidence, onFailure, assess）（修复之前不会使用）`);
    expect(zh).toContain('.akira/settings.json：agent.policy.autoApprove.command：工作区只能开启批准：自动批准 command 是全局设置（请把范围切换到“全局”）。（智能体不使用这个字段）');
    expect(zh).toContain('.akira/settings.json 把 checkpoints.retentionDays 设为 7，比全局设置（60）短：工作区只能让检查点保留得更久，所以按 60 天保留。');
    expect(s.problems).toContain(`${global}: model.jsonMode: jsonMode must be true or false (not used until it is fixed)`);
    expect(s.problems).toContain('.akira/settings.json: agent.policy.autoApprove.command: A workspace can only turn approvals on: auto-approving command is a global setting (switch the scope to Global). (left out by the agent)');
    // A custom mode's file: the frame in Chinese, the parser's own text inside it as it said it.
    const mode = s.problems.findIndex((p) => p.startsWith('.akira/modes/broken.json'));
    expect(s.problems[mode]).toMatch(/^\.akira\/modes\/broken\.json: is not valid JSON \(.+\)$/);
    expect(zh[mode]).toMatch(/^\.akira\/modes\/broken\.json：不是有效的 JSON（.+）$/);
  });

  it("a policy field the policy schema refuses: the schema's own rules in Chinese, the English exactly as before", async () => {
    kit = await startSettingsKit({
      globalSettings: { agent: { policy: { commands: { deny: 'rm', buildDirs: ['dist', 3] } } } },
      files: {
        '.akira/settings.json': JSON.stringify({ agent: { policy: { requirePlanApproval: 'yes', limits: { maxConcurrentTasks: 0, maxLoops: 3 }, commands: { deny: ['rm -rf / && ls'] } } } }),
      },
    });
    const s = await kit.call('settings.get');
    s.problemWords!.forEach((w, i) => w && expect(wordsText(w, 'en')).toBe(s.problems[i]));
    const global = s.files.global;
    expect(s.problems).toEqual(
      expect.arrayContaining([
        `${global}: agent.policy.commands.deny: commands.deny must be a list of commands (not used until it is fixed)`,
        '.akira/settings.json: agent.policy.requirePlanApproval: requirePlanApproval must be true or false (got "yes") (not used until it is fixed)',
        '.akira/settings.json: agent.policy.commands.deny.0: commands.deny.0: commands.deny entry "rm -rf / && ls" must be one command\'s leading words (no &&, ;, |, $( ) or redirects) (not used until it is fixed)',
      ]),
    );
    const zh = said(s, 'zh-CN');
    expect(zh).toContain(`${global}：agent.policy.commands.deny：commands.deny 必须是命令列表（修复之前不会使用）`);
    expect(zh).toContain('.akira/settings.json：agent.policy.requirePlanApproval：requirePlanApproval 必须是 true 或 false（当前为 "yes"）（修复之前不会使用）');
    expect(zh).toContain('.akira/settings.json：agent.policy.limits.maxConcurrentTasks：最大并行任务数必须是 1 到 10 之间的整数（当前为 0）（修复之前不会使用）');
    expect(zh).toContain(
      '.akira/settings.json：agent.policy.commands.deny.0：commands.deny.0：commands.deny 的条目 "rm -rf / && ls" 必须是一条命令开头的几个词（不能有 &&、;、|、$( ) 或重定向）（修复之前不会使用）',
    );
    expect(s.problems).toContain(
      '.akira/settings.json: agent.policy.limits.maxLoops: limits.maxLoops: not a policy setting (known: maxToolLoopsPerTodo, maxRetriesPerTodo, maxFileModificationsPerSession, maxTasksPerSession, maxConcurrentTasks) (not used until it is fixed)',
    );
    expect(zh).toContain(
      '.akira/settings.json：agent.policy.limits.maxLoops：limits.maxLoops：不是策略设置（可用的设置：maxToolLoopsPerTodo, maxRetriesPerTodo, maxFileModificationsPerSession, maxTasksPerSession, maxConcurrentTasks）（修复之前不会使用）',
    );
    // zod's own text (a build folder that is not text): its English as zod said it, the Chinese in the generic words.
    const dir = s.problems.findIndex((p) => p.includes('agent.policy.commands.buildDirs.1'));
    expect(s.problems[dir]).toBe(`${global}: agent.policy.commands.buildDirs.1: commands.buildDirs.1: Invalid input: expected string, received number (not used until it is fixed)`);
    expect(zh[dir]).toBe(`${global}：agent.policy.commands.buildDirs.1：agent.policy.commands.buildDirs.1 应为文本（修复之前不会使用）`);
  });

  it("a model field only its schema checks: zod's English, the Chinese in the generic words", async () => {
    kit = await startSettingsKit({ globalSettings: { model: { apiKey: 5 } } });
    const s = await kit.call('settings.get');
    const key = s.problems.findIndex((p) => p.includes('model.apiKey'));
    expect(s.problems[key]).toBe(`${s.files.global}: model.apiKey: model.apiKey: Invalid input: expected string, received number (not used until it is fixed)`);
    expect(said(s, 'zh-CN')[key]).toBe(`${s.files.global}：model.apiKey：model.apiKey 应为文本（修复之前不会使用）`);
  });

  it('a broken file in Chinese; a snapshot without problemWords (an older core) shows the English', async () => {
    kit = await startSettingsKit({ files: { '.akira/settings.json': '[1]' } });
    const s = await kit.call('settings.get');
    expect(said(s, 'zh-CN')).toEqual(['.akira/settings.json 不是 JSON 对象。']);
    expect(said({ problems: s.problems }, 'zh-CN')).toEqual(['.akira/settings.json is not a JSON object.']);
  });
});
