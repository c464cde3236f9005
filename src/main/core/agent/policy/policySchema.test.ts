import { describe, expect, it } from 'vitest';
import { AkiraError } from '../../errors';
import { wordsText, type ErrorWords } from '../../../../shared/errors';
import { issueFields } from '../../inputWords';
import { checkPolicy, checkPolicyOverrides, DEFAULT_ALLOWED_COMMANDS, mergePolicyOverrides, parsePolicy, policySchema, resolvePolicy } from './policySchema';

describe('policySchema', () => {
  it('defaults every field', () => {
    const p = policySchema.parse({});
    expect(p.autoApprove).toEqual({ read: true, write: false, command: false, mcp: false, sandboxedCommand: true, modeSwitch: false });
    expect(p.commands.allow).toEqual(DEFAULT_ALLOWED_COMMANDS);
    expect(p.commands.deny).toEqual([]);
    expect(p.commands.buildDirs).toContain('node_modules');
    expect(p.limits).toEqual({ maxToolLoopsPerTodo: 25, maxRetriesPerTodo: 3, maxFileModificationsPerSession: 200, maxTasksPerSession: 50, maxConcurrentTasks: 3 });
    expect(p.requirePlanApproval).toBe(false);
    expect(policySchema.parse({ limits: { maxRetriesPerTodo: 0 } }).limits.maxToolLoopsPerTodo).toBe(25);
  });

  it.each([
    [{ limits: { maxToolLoopsPerTodo: 0 } }, 'limits.maxToolLoopsPerTodo must be a whole number from 1 to 200 (got 0)'],
    [{ limits: { maxToolLoopsPerTodo: 201 } }, 'limits.maxToolLoopsPerTodo must be a whole number from 1 to 200 (got 201)'],
    [{ limits: { maxRetriesPerTodo: 11 } }, 'limits.maxRetriesPerTodo must be a whole number from 0 to 10 (got 11)'],
    [{ limits: { maxFileModificationsPerSession: 2.5 } }, 'limits.maxFileModificationsPerSession must be a whole number from 1 to 10000 (got 2.5)'],
    [{ limits: { maxTasksPerSession: '5' } }, 'limits.maxTasksPerSession must be a whole number from 1 to 100 (got "5")'],
    [{ limits: { maxConcurrentTasks: 11 } }, 'limits.maxConcurrentTasks must be a whole number from 1 to 10 (got 11)'],
    [{ autoApprove: { write: 'yes' } }, 'autoApprove.write must be true or false (got "yes")'],
    [{ requirePlanApproval: 1 }, 'requirePlanApproval must be true or false (got 1)'],
    [{ commands: { deny: ['rm -rf / && ls'] } }, 'commands.deny entry "rm -rf / && ls" must be one command'],
    [{ commands: { allow: 'npm test' } }, 'commands.allow must be a list of commands'],
    [{ commands: { allow: [''] } }, 'commands.allow entries must not be empty'],
    [{ commands: { buildDirs: ['a/b'] } }, 'commands.buildDirs entries are folder names'],
    [{ limits: { maxLoops: 3 } }, 'limits.maxLoops: not a policy setting (known: maxToolLoopsPerTodo, maxRetriesPerTodo'],
    [{ autoapprove: {} }, 'autoapprove: not a policy setting (known: autoApprove, commands, limits, requirePlanApproval)'],
  ])('refuses %j, naming the field and the range', (input, message) => {
    const r = checkPolicy(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toContain(message);
  });

  it('lists every problem at once, and parsePolicy throws a bad_request naming the source', () => {
    const r = checkPolicy({ limits: { maxToolLoopsPerTodo: 0, maxConcurrentTasks: 99 } });
    expect(!r.ok && r.errors).toHaveLength(2);
    try {
      parsePolicy({ limits: { maxConcurrentTasks: 0 } }, '.akira/settings.json policy');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AkiraError);
      expect((err as AkiraError).code).toBe('bad_request');
      expect((err as AkiraError).message).toContain('Invalid .akira/settings.json policy:\n- limits.maxConcurrentTasks must be a whole number from 1 to 10');
    }
  });

  it('checks overrides with the same ranges and no defaults', () => {
    const ok = checkPolicyOverrides({ limits: { maxRetriesPerTodo: 5 } });
    expect(ok).toEqual({ ok: true, overrides: { limits: { maxRetriesPerTodo: 5 } } });
    const bad = checkPolicyOverrides({ limits: { maxRetriesPerTodo: 50 } }, 'policy');
    expect(!bad.ok && bad.errors).toEqual(['policy.limits.maxRetriesPerTodo must be a whole number from 0 to 10 (got 50)']);
  });

  it('takes commands.passEnv as variable names in a settings layer, and leaves it out of a session\'s policy', () => {
    expect(checkPolicyOverrides({ commands: { passEnv: ['NPM_TOKEN', 'MY_VAR_2'] } })).toEqual({ ok: true, overrides: { commands: { passEnv: ['NPM_TOKEN', 'MY_VAR_2'] } } });
    const bad = checkPolicyOverrides({ commands: { passEnv: ['A=B', '1X'] } }, 'agent.policy');
    expect(!bad.ok && bad.errors).toEqual([
      'agent.policy.commands.passEnv.0: commands.passEnv entries are variable names (letters, digits and _)',
      'agent.policy.commands.passEnv.1: commands.passEnv entries are variable names (letters, digits and _)',
    ]);
    const typo = checkPolicyOverrides({ commands: { passenv: [] } });
    expect(!typo.ok && typo.errors[0]).toContain('known: allow, deny, buildDirs, passEnv');
    // Global settings only (orchestrator/commandEnvPolicy.ts): merged layers never carry it.
    const p = resolvePolicy({ commands: { passEnv: ['GITHUB_TOKEN'] } }, { commands: { deny: ['curl'], passEnv: ['OPENAI_API_KEY'] } });
    expect(p.commands).not.toHaveProperty('passEnv');
    expect(mergePolicyOverrides({ commands: { passEnv: ['A'] } }, { commands: { passEnv: ['B'] } }).commands).toEqual({});
  });
});

describe("the policy schema's own messages in words (issue 14)", () => {
  it("parsePolicy's fields say them in Chinese; their English is the message as before", () => {
    let fields: { path: string; message: string; words: ErrorWords }[] = [];
    try {
      parsePolicy({ requirePlanApproval: 'yes', limits: { maxConcurrentTasks: 99 }, commands: { allow: ['npm test | tee x', 7], deny: 'rm' } });
      expect.unreachable();
    } catch (err) {
      fields = ((err as AkiraError).details as { fields: typeof fields }).fields;
    }
    for (const f of fields) expect(wordsText(f.words, 'en')).toBe(f.message);
    expect(fields.map((f) => wordsText(f.words, 'zh-CN'))).toEqual([
      'commands.allow.0：commands.allow 的条目 "npm test | tee x" 必须是一条命令开头的几个词（不能有 &&、;、|、$( ) 或重定向）',
      'commands.allow.1：commands.allow 的条目必须是字符串',
      'commands.deny 必须是命令列表',
      'limits.maxConcurrentTasks 必须是 1 到 10 之间的整数（当前为 99）',
      'requirePlanApproval 必须是 true 或 false（当前为 "yes"）',
    ]);
  });

  it('a settings layer names the field where the file has it, in both languages', () => {
    const input = { commands: { passEnv: ['A=B'], buildDirs: 'dist' }, autoApprove: { mcp: 1 } };
    const r = checkPolicyOverrides(input, 'agent.policy');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = issueFields(r.issues, { agent: { policy: input } }, ['agent', 'policy']);
    expect(fields.map((f) => wordsText(f.words, 'en'))).toEqual(r.errors);
    expect(fields.map((f) => f.message)).toEqual(r.errors);
    expect(fields.map((f) => wordsText(f.words, 'zh-CN'))).toEqual([
      'agent.policy.autoApprove.mcp 必须是 true 或 false（当前为 1）',
      'agent.policy.commands.buildDirs 必须是文件夹名称列表',
      'agent.policy.commands.passEnv.0：commands.passEnv 的条目是变量名（字母、数字和 _）',
    ]);
  });
});

describe('resolvePolicy', () => {
  it('applies layers in order: scalars replaced, lists joined onto the defaults', () => {
    const p = resolvePolicy(
      { autoApprove: { write: true }, commands: { allow: ['npm test'], deny: ['curl'] }, limits: { maxRetriesPerTodo: 1 } },
      undefined,
      { autoApprove: { write: false, command: true }, commands: { allow: ['make'], deny: ['wget'] }, requirePlanApproval: true },
    );
    expect(p.autoApprove).toEqual({ read: true, write: false, command: true, mcp: false, sandboxedCommand: true, modeSwitch: false });
    expect(p.commands.allow).toEqual([...DEFAULT_ALLOWED_COMMANDS, 'npm test', 'make']);
    expect(p.commands.deny).toEqual(['curl', 'wget']);
    expect(p.limits.maxRetriesPerTodo).toBe(1);
    expect(p.limits.maxToolLoopsPerTodo).toBe(25);
    expect(p.requirePlanApproval).toBe(true);
  });

  it('validates the result', () => {
    expect(() => resolvePolicy({ limits: { maxTasksPerSession: 1000 } })).toThrow('limits.maxTasksPerSession must be a whole number from 1 to 100');
  });
});
