import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/contract';
import { policyReasons, wordsReason, wordsText, type ErrorWords } from '../../shared/errors';
import type { Language } from '../../shared/i18n';
import type { CliIo } from './io';
import { createRunApprovals } from './runApprovals';

// Issue 14: `akira run`'s approval prompt says why it asks in the CLI's language, and the pause it writes when no one
// can answer carries its reason in words (the English reason as before).

const ts = '2026-11-27T21:00:00.000Z';

function setup(language: Language, interactive: boolean, answers: string[] = [], yes = false) {
  let err = '';
  const calls: [string, Record<string, unknown>][] = [];
  const io = {
    language,
    out: () => {},
    err: (t: string) => void (err += t),
    tty: { stdin: interactive, stdout: false, stderr: false },
    ask: async (q: string) => ((err += q), answers.shift() ?? ''),
  } as unknown as CliIo;
  const approvals = createRunApprovals({
    io,
    yes,
    interactive,
    json: false,
    call: async (name, params) => void calls.push([name, params as Record<string, unknown>]),
    resumeCommand: (id) => `akira run --resume ${id}`,
  });
  return { approvals, calls, stderr: () => err };
}

const destructive = wordsReason(policyReasons.inPart('git push --force', policyReasons.gitPushForce.key));
const asked = (over: Record<string, unknown> = {}): AgentEvent =>
  ({
    sessionId: 's1',
    type: 'approval_requested',
    ts,
    changeId: 'cmd-1',
    kind: 'command',
    todoId: 't1',
    command: { command: 'npm test && git push --force', destructive: true, ...destructive },
    ...destructive,
    ...over,
  }) as unknown as AgentEvent;
const settled = () => new Promise((r) => setTimeout(r, 20));

describe('akira run approvals in the CLI language', () => {
  it('the prompt says a destructive command\'s reason in Chinese; an old approval without words in its English', async () => {
    const zh = setup('zh-CN', true, ['y']);
    zh.approvals.handle(asked());
    await settled();
    expect(zh.stderr()).toContain('git push --force：破坏性操作：git push --force 会改写远程历史');
    expect(zh.stderr()).toContain('批准命令 `npm test && git push --force`？[y]是 / [n]否：');
    expect(zh.calls).toEqual([['agent.approve', { sessionId: 's1', changeId: 'cmd-1' }]]);

    const old = setup('zh-CN', true, ['y']);
    const { reasonWords: _words, ...plain } = asked() as AgentEvent & { reasonWords?: ErrorWords };
    old.approvals.handle({ ...plain, command: { command: 'rm -rf src', destructive: true, reason: 'destructive: an old reason' } } as AgentEvent);
    await settled();
    expect(old.stderr()).toContain('destructive: an old reason');
  });

  it('a protected file\'s prompt says what it steers in Chinese', async () => {
    const zh = setup('zh-CN', true, ['n', 'no']);
    const steers = policyReasons.steers('settings');
    zh.approvals.handle(
      asked({ changeId: 'ch-1', kind: 'change', command: undefined, change: { path: '.akira/settings.json', kind: 'modify', before: '{}', after: '{"a":1}' }, protected: steers.en, protectedWords: { key: steers.key, values: steers.values }, ...wordsReason(policyReasons.protectedChange('settings')) }),
    );
    await settled();
    expect(zh.stderr()).toContain('这会更改此项目的 Akira 设置（使用哪个模型服务器、批准策略）。');
  });

  it('without a terminal it pauses with the reason in words: English as before, Chinese from the words', async () => {
    const batch = setup('zh-CN', false);
    batch.approvals.handle(asked());
    await settled();
    const [[name, params]] = batch.calls;
    expect(name).toBe('agent.pause');
    expect(params.reason).toBe('Waiting for approval of the command `npm test && git push --force`: run `akira run` on a terminal or with --yes. Resume with: akira run --resume s1');
    expect(params.reasonWords).toEqual({ key: 'reason.noOneToApprove', values: ['command', 'npm test && git push --force', 'akira run --resume s1'] });
    expect(wordsText(params.reasonWords as ErrorWords, 'zh-CN')).toBe('等待批准命令 `npm test && git push --force`：请在终端上运行 `akira run`，或加上 --yes。继续：akira run --resume s1');
    const plan = setup('en', false);
    plan.approvals.handle({ sessionId: 's2', type: 'plan_approval_requested', ts, todos: [] } as unknown as AgentEvent);
    await settled();
    expect(plan.calls[0][1].reason).toBe('Waiting for approval of the plan: run `akira run` on a terminal or with --yes. Resume with: akira run --resume s2');
  });

  it('--yes without a terminal refuses a destructive command and a protected file in words; a person who gives no reason too', async () => {
    const batch = setup('zh-CN', false, [], true);
    batch.approvals.handle(asked());
    const steers = policyReasons.steers('settings');
    batch.approvals.handle(
      asked({ changeId: 'ch-1', kind: 'change', command: undefined, change: { path: '.akira/settings.json', kind: 'modify', before: '{}', after: '{"a":1}' }, protected: steers.en, protectedWords: { key: steers.key, values: steers.values } }),
    );
    await settled();
    const [[first, command], [, change]] = batch.calls;
    expect(first).toBe('agent.reject');
    expect(command.reason).toBe('The command was refused in batch mode: destructive commands are never approved by --yes. Run it yourself if it is needed, or resume the session on a terminal to decide.');
    expect(wordsText(command.reasonWords as ErrorWords, 'zh-CN')).toBe('批处理模式拒绝了该命令：--yes 从不批准破坏性命令。如确有需要，请自行运行，或在终端上继续该会话再决定。');
    expect(change.reason).toMatch(/^The change to \.akira\/settings\.json was refused in batch mode/);
    expect(wordsText(change.reasonWords as ErrorWords, 'zh-CN')).toMatch(/^批处理模式拒绝了对 \.akira\/settings\.json 的更改/);

    const person = setup('zh-CN', true, ['n', '']);
    person.approvals.handle(asked());
    await settled();
    expect(person.calls).toEqual([['agent.reject', { sessionId: 's1', changeId: 'cmd-1', reason: 'The user rejected it.', reasonWords: { key: 'reason.userRejected', values: [] } }]]);
    const said = setup('zh-CN', true, ['n', 'not now']);
    said.approvals.handle(asked());
    await settled();
    expect(said.calls).toEqual([['agent.reject', { sessionId: 's1', changeId: 'cmd-1', reason: 'not now' }]]);
  });
});

describe('akira run and the sandbox card', () => {
  const blocked = (grant = { network: ['127.0.0.1'], allowWrite: ['/var/tmp/x'], allowRead: [] as string[] }) =>
    ({
      sessionId: 's1',
      type: 'approval_requested',
      ts,
      changeId: 'sbx-1',
      kind: 'sandbox',
      todoId: 't1',
      sandbox: { command: 'curl http://127.0.0.1:8080/', blocked: [{ kind: 'network', host: '127.0.0.1', port: 8080, reason: 'not_allowed' }], grant },
      ...wordsReason(policyReasons.sandboxBlocked),
    }) as unknown as AgentEvent;

  it('keeps it blocked in batch, with --yes too: only a person lets a command out of the sandbox', async () => {
    for (const yes of [true, false]) {
      const batch = setup('en', false, [], yes);
      batch.approvals.handle(blocked());
      await settled();
      expect(batch.calls).toHaveLength(1);
      expect(batch.calls[0][0]).toBe('agent.reject');
      expect(batch.calls[0][1]).toMatchObject({ sessionId: 's1', changeId: 'sbx-1', reason: expect.stringContaining('--yes never lets a command out of the sandbox') });
    }
  });

  it('asks a person at a terminal how far to allow it (with --yes too), in their language', async () => {
    const en = setup('en', true, ['w'], true);
    en.approvals.handle(blocked());
    await settled();
    expect(en.stderr()).toContain('The sandbox blocked part of: curl http://127.0.0.1:8080/');
    expect(en.stderr()).toContain('✗ a connection to 127.0.0.1:8080');
    expect(en.stderr()).toContain('allowing lets through: 127.0.0.1, /var/tmp/x');
    expect(en.calls).toEqual([['agent.approve', { sessionId: 's1', changeId: 'sbx-1', sandbox: 'workspace' }]]);

    const zh = setup('zh-CN', true, ['k']);
    zh.approvals.handle(blocked());
    await settled();
    expect(zh.stderr()).toContain('沙箱阻止了这条命令的一部分');
    expect(zh.calls[0][0]).toBe('agent.reject');

    // Nothing that can be allowed: only "outside" or "keep".
    const none = setup('en', true, ['s', 'o']);
    none.approvals.handle(blocked({ network: [], allowWrite: [], allowRead: [] }));
    await settled();
    expect(none.stderr()).toContain('Run it [o]utside the sandbox once, or [k]eep it blocked?');
    expect(none.calls).toEqual([['agent.approve', { sessionId: 's1', changeId: 'sbx-1', sandbox: 'outside' }]]);
  });
});
