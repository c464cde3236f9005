import { describe, expect, it } from 'vitest';
import type { AgentSessionDetail, AgentSessionSummary } from '../../shared/contract';
import { UsageError } from './args';
import { matchSession } from './sessionsCommand';
import { reasonFields, sessionReasons } from '../../shared/errors';
import { sessionsStrings } from './sessionsStrings';
import { firstLine, formatDiffStat, formatNotMerged, formatSessionList, formatSessionShow, formatTokens, lineCounts, statusText, treeText } from './sessionsFormat';

// The text of `akira sessions …` and its id matching, pure; the command itself is tested through the built CLI
// in sessionsCommand.test.ts.

const summary = (over: Partial<AgentSessionSummary> = {}): AgentSessionSummary => ({
  sessionId: '1a2b3c4d-0000-4000-8000-000000000001',
  task: 'Write alpha.txt\nwith more detail',
  mode: 'code-dev',
  model: 'test-model',
  status: 'completed',
  phase: 'done',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:05:05.000Z',
  progress: { done: 2, total: 3 },
  totals: { tokensIn: 12_000, tokensOut: 345, costUsd: null, modelCalls: 5 },
  live: false,
  spec: null,
  worktree: null,
  ...over,
});
const worktree = (state: 'active' | 'merged' | 'discarded' = 'active') => ({
  branch: 'akira/1a2b3c4d',
  path: '/data/worktrees/x/1a2b3c4d',
  baseBranch: 'main',
  state,
  mergeCommit: state === 'merged' ? 'abcdef1234567890' : null,
});

describe('sessions format', () => {
  it('lists one aligned line per session: short id, status, tree, TODOs, tokens, the first line of the task', () => {
    const text = formatSessionList(
      [
        summary({ worktree: worktree() }),
        summary({ sessionId: '99999999-0000-4000-8000-000000000002', status: 'queued', queuePosition: 2, progress: { done: 0, total: 0 }, totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0 }, task: 'Second' }),
        summary({ sessionId: '77777777-0000-4000-8000-000000000003', worktree: worktree('merged') }),
      ],
      '/ws',
    );
    expect(text.split('\n')).toEqual([
      'ID        STATUS     TREE                              TODOS  TOKENS  TASK',
      '1a2b3c4d  completed  worktree akira/1a2b3c4d           2/3    12k     Write alpha.txt',
      '99999999  queued #2  shared                            -      0       Second',
      '77777777  completed  worktree akira/1a2b3c4d (merged)  2/3    12k     Write alpha.txt',
      '',
    ]);
    expect(formatSessionList([], '/ws')).toContain('No sessions in /ws yet');
  });

  it('small pieces: tokens, first lines, status and tree words', () => {
    expect([formatTokens(950), formatTokens(1234), formatTokens(12_345), formatTokens(4_100_000)]).toEqual(['950', '1.2k', '12k', '4.1M']);
    expect(firstLine('  \x1b[31mred\x1b[0m task\nsecond')).toBe('[31mred [0m task');
    expect(firstLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(statusText({ status: 'queued', queuePosition: 1 })).toBe('queued #1');
    expect(treeText({ worktree: worktree('discarded') })).toBe('worktree akira/1a2b3c4d (discarded)');
  });

  it('counts added and removed lines per file like git diff --stat', () => {
    const file = (over: object) => ({ path: 'a.txt', status: 'modified' as const, binary: false, tooLarge: false, before: 'one\ntwo\n', after: 'one\n2\nthree\n', ...over });
    expect(lineCounts(file({}))).toEqual({ added: 2, removed: 1 });
    expect(lineCounts(file({ status: 'added', before: null, after: 'x\ny\n' }))).toEqual({ added: 2, removed: 0 });
    expect(lineCounts(file({ binary: true }))).toBeNull();
    const text = formatDiffStat({
      branch: 'akira/1a2b3c4d',
      files: [
        file({}),
        file({ path: 'new.ts', oldPath: 'old.ts', status: 'renamed', before: 'a\n', after: 'a\n' }),
        file({ path: 'img.png', status: 'added', binary: true, before: null, after: null }),
        file({ path: 'gone.txt', status: 'deleted', before: 'bye\n', after: null }),
      ],
    });
    expect(text).toBe(
      'Changes on akira/1a2b3c4d against its base: 4 files, +2 -2\n' +
        '  M  a.txt            +2 -1\n' +
        '  R  new.ts ← old.ts  +0 -0\n' +
        '  A  img.png          binary\n' +
        '  D  gone.txt         +0 -1\n',
    );
    expect(formatDiffStat({ branch: 'akira/x', files: [] })).toBe('No changes on akira/x against its base.\n');
    // Issue 26: a symbolic link shows where it points.
    expect(formatDiffStat({ branch: 'akira/x', files: [file({ path: 'root', status: 'added', before: null, after: '/', symlinkTarget: '/' })] })).toContain('  A  root -> /  +1 -0\n');
  });

  it('shows the header, the TODOs, the diff and how to merge an active worktree session', () => {
    const detail: AgentSessionDetail = {
      ...summary({ worktree: worktree() }),
      statusReason: null,
      todos: [
        { id: 't1', description: 'Write alpha.txt', expectedResult: 'it exists', status: 'done', result: null, rejections: 0, lastVerdict: null, checkpointIds: [], toolCalls: 1, tokensIn: 1, tokensOut: 1 },
        { id: 't2', description: 'Test it', expectedResult: 'ok', status: 'in_progress', result: null, rejections: 0, lastVerdict: null, checkpointIds: [], toolCalls: 0, tokensIn: 0, tokensOut: 0 },
      ],
      approvals: [],
      question: null,
      planAwaitingApproval: false,
      finalVerdict: null,
      summary: null,
      lastSeq: 10,
      totals: { tokensIn: 12_000, tokensOut: 345, costUsd: null, modelCalls: 5, toolCalls: 3, commands: 0, fileModifications: 1 },
    };
    const diff = { branch: 'akira/1a2b3c4d', files: [{ path: 'alpha.txt', status: 'added' as const, binary: false, tooLarge: false, before: null, after: 'alpha\n' }] };
    const text = formatSessionShow(detail, diff, { merge: 'akira sessions merge 1a2b3c4d', discard: 'akira sessions discard 1a2b3c4d' });
    expect(text).toContain('Session 1a2b3c4d-0000-4000-8000-000000000001\n  Task:     Write alpha.txt\n            with more detail\n');
    expect(text).toContain('  Status:   completed · phase done · mode code-dev · model test-model\n');
    expect(text).toContain('  Usage:    12k tokens in, 345 out · 5 model calls · 3 tool calls\n');
    expect(text).toContain('  Tree:     worktree akira/1a2b3c4d, from main, at /data/worktrees/x/1a2b3c4d\n');
    expect(text).toContain('TODOs (1/2 done):\n  done         t1  Write alpha.txt\n  in_progress  t2  Test it\n');
    expect(text).toContain('Changes on akira/1a2b3c4d against its base: 1 file, +1 -0\n  A  alpha.txt  +1 -0\n');
    expect(text).toContain('Merge it: akira sessions merge 1a2b3c4d\nDiscard it: akira sessions discard 1a2b3c4d\n');
    const merged = formatSessionShow({ ...detail, worktree: worktree('merged') }, null, { merge: '', discard: '' });
    expect(merged).toContain('  Tree:     worktree akira/1a2b3c4d, from main: merged (commit abcdef123456)\n');
    expect(merged).not.toContain('Merge it');
    // issue 14: the status line in Chinese, its reason from its words; an old reason without words stays English
    const paused = { ...detail, status: 'paused' as const, phase: 'execute' as const, worktree: null };
    const words = reasonFields(sessionReasons.fileLimit(10));
    const zh = formatSessionShow({ ...paused, statusReason: words.reason!, statusReasonWords: words.reasonWords }, null, { merge: '', discard: '' }, sessionsStrings['zh-CN'], 'zh-CN');
    expect(zh).toContain('  状态：   已暂停（会话已达到 10 次文件修改的上限（策略 maxFileModificationsPerSession）。请审查这些更改，然后恢复会话以允许更多修改。） · 阶段 执行 · 模式 code-dev · 模型 test-model\n');
    const old = formatSessionShow({ ...paused, status: 'waiting_approval' as const, statusReason: 'An old reason.' }, null, { merge: '', discard: '' }, sessionsStrings['zh-CN'], 'zh-CN');
    expect(old).toContain('  状态：   等待批准（An old reason.） · 阶段 执行 ·');
    expect(formatSessionShow({ ...paused, statusReason: words.reason!, statusReasonWords: words.reasonWords }, null, { merge: '', discard: '' })).toContain(
      `  Status:   paused (${words.reason}) · phase execute · mode code-dev`,
    );
  });

  it('says why a merge did not happen and that nothing changed', () => {
    const text = formatNotMerged({ merged: false, commit: null, alreadyMerged: false, reason: 'Both sides changed 1 file.', conflicts: ['shared.txt'], localChanges: [] }, 'akira/1a2b3c4d');
    expect(text).toBe('Could not merge akira/1a2b3c4d: Both sides changed 1 file.\nConflicts (both sides changed this file):\n  shared.txt\nNothing was changed.\n');
  });

  it('says why a merge did not happen in the language from its words (issue 14), the English without them', () => {
    const refused = {
      merged: false,
      commit: null,
      alreadyMerged: false,
      reason: 'Your repository is on a detached HEAD: check out the branch to merge into first; nothing was merged.',
      conflicts: [],
      localChanges: [],
    };
    const zh = sessionsStrings['zh-CN'];
    expect(formatNotMerged({ ...refused, reasonWords: { key: 'spec.mergeOnDetachedHead', values: [] } }, 'akira/1a2b3c4d', zh, 'zh-CN')).toMatch(
      /^无法合并 akira\/1a2b3c4d：你的仓库处于分离的 HEAD：请先检出要合并到的分支；没有合并任何内容。\n/,
    );
    expect(formatNotMerged(refused, 'akira/1a2b3c4d', zh, 'zh-CN')).toMatch(/^无法合并 akira\/1a2b3c4d：Your repository is on a detached HEAD: /);
  });
});

describe('session ids', () => {
  const a = summary({ sessionId: '1a2b3c4d-aaaa-4000-8000-000000000001' });
  const b = summary({ sessionId: '1a2b3c4d-bbbb-4000-8000-000000000002' });
  const c = summary({ sessionId: 'ffffffff-cccc-4000-8000-000000000003' });
  const sessions = [a, b, c];

  it('takes the full id or a unique prefix of at least 8 characters, any case', () => {
    expect(matchSession(sessions, a.sessionId)).toBe(a);
    expect(matchSession(sessions, 'FFFFFFFF')).toBe(c);
    expect(matchSession(sessions, '1a2b3c4d-b')).toBe(b);
  });

  it('refuses an ambiguous prefix, an unknown one and a short one, naming the candidates', () => {
    expect(() => matchSession(sessions, '1a2b3c4d')).toThrow(/matches 2 sessions[\s\S]*1a2b3c4d-aaaa[\s\S]*1a2b3c4d-bbbb/);
    expect(() => matchSession(sessions, '12345678')).toThrow(/No session "12345678"[\s\S]*ffffffff-cccc/);
    expect(() => matchSession(sessions, 'ffff')).toThrow(/at least 8 characters/);
    expect(() => matchSession(sessions, '../etc')).toThrow(UsageError);
    expect(() => matchSession([], '12345678')).toThrow(/no sessions yet/);
  });
});
