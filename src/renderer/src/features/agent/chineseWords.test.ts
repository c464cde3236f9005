import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract';
import { usePrefsStore } from '../../i18n';
import { applyActivityBatch, emptyActivity } from '../activity/activityReducer';
import { busyTitle, taskLine } from './busyQuestion';
import { queueWaitText, statusText } from './queueOrder';
import { formatDuration, phaseLabel, statusLabel } from './sessionFormat';
import { DIFF_STATUS, diffSummary, isolationBlocked, mergeOutcome, treeBadge, worktreeActionBlocked } from './worktreeWords';
import { noticeText } from '../activity/noticeText';

// The words built outside React (helpers, the activity reducer) follow the UI's language at the time of the call.
describe('the agent words in Chinese', () => {
  const before = usePrefsStore.getState().prefs;
  beforeEach(() => usePrefsStore.getState().setPrefs({ ...before, language: 'zh-CN' }));
  afterEach(() => usePrefsStore.getState().setPrefs(before));

  it('statuses, phases, the queue and durations', () => {
    expect(statusText('queued', 2)).toBe('排队中 · 第 2 位');
    expect(statusText('running')).toBe('运行中');
    expect(statusLabel('awaiting_plan_approval')).toBe('计划等待批准');
    expect(phaseLabel('final_check')).toBe('最终检查');
    expect(phaseLabel('unknown_phase')).toBe('unknown_phase');
    expect(queueWaitText(null)).toBe('等待轮到它。它会自动启动。');
    expect(formatDuration(4200)).toBe('4.2 秒');
    expect(busyTitle([{ sessionId: 'a', task: 'x' }, { sessionId: 'b', task: 'y' }])).toBe('此文件夹中有 2 个会话正在运行');
    expect(taskLine(' ')).toBe('（无任务）');
  });

  it('worktrees: badge, blocks, merge outcome, diff', () => {
    const tree = { path: '/w', branch: 'akira/1a2b3c4d', baseBranch: 'main', baseCommit: 'c', state: 'active', mergeCommit: null } as const;
    expect(treeBadge({ ...tree, state: 'merged' }).text).toBe('工作树 akira/1a2b3c4d · 已合并');
    expect(worktreeActionBlocked('completed', { state: 'discarded' })).toBe('工作树已丢弃。');
    expect(mergeOutcome({ merged: true, commit: '0123456789', alreadyMerged: false, reason: null, conflicts: [], localChanges: [] }, 'main').title).toBe('已合并到 main，提交为 0123456。');
    expect(mergeOutcome({ merged: false, commit: null, alreadyMerged: false, reason: null, conflicts: ['a.txt'], localChanges: [] }, 'main')).toMatchObject({
      title: '未合并：分支有冲突。',
      groups: [{ heading: '两边都更改了（1）：', files: ['a.txt'] }],
    });
    // The core's reason in its words (issue 14); one without them (an older core) in its English.
    const conflict = { merged: false, commit: null, alreadyMerged: false, reason: "The session's changes conflict with yours in a.txt: …", conflicts: ['a.txt'], localChanges: [] };
    expect(mergeOutcome({ ...conflict, reasonWords: { key: 'spec.mergeConflicts', values: ['a.txt', 0, '1a2b3c4d'] } }, 'main').title).toBe(
      '未合并：会话的更改与你的更改在 a.txt 中冲突：没有合并任何内容（合并已中止）。请手动解决（git merge akira/1a2b3c4d）或丢弃这个会话。',
    );
    expect(mergeOutcome(conflict, 'main').title).toBe("未合并：The session's changes conflict with yours in a.txt: …");
    expect(diffSummary(3, 'main')).toBe('相对 main 更改了 3 个文件');
    expect(DIFF_STATUS.deleted).toMatchObject({ letter: 'D', word: '已删除' });
    expect(isolationBlocked({ worktree: { available: false, reason: null } })).toBe('不可用：此处无法使用工作树。');
    // The reason in its words (issue 14); an older core's answer without them shows its English.
    const notARepo = 'The workspace is not a git repository: worktree isolation needs one (git init and a first commit).';
    expect(isolationBlocked({ worktree: { available: false, reason: notARepo, reasonWords: { key: 'spec.notARepo', values: [] } } })).toBe(
      '不可用：工作区不是 Git 仓库：工作树隔离需要一个仓库（git init 并做第一次提交）。',
    );
    expect(isolationBlocked({ worktree: { available: false, reason: notARepo } })).toBe(`不可用：${notARepo}`);
  });

  it("the activity reducer's notices", () => {
    const ev = (event: Record<string, unknown>, n: number) => ({ n, kind: 'agent' as const, event: { sessionId: 's', ...event } as unknown as AgentEvent });
    const s = applyActivityBatch(emptyActivity('s'), [
      ev({ type: 'model_retry', attempt: 2, delayMs: 1500, reason: 'HTTP 500' }, 1),
      ev({ type: 'model_call', seq: 1, outcome: 'failed', status: 429, error: null }, 2),
    ]);
    expect(s.items.map((i) => (i.kind === 'notice' ? noticeText(i, 'zh-CN') : null))).toEqual(['模型调用将在 1.5 秒后重试（第 2 次尝试）：HTTP 500', '模型调用失败（HTTP 429）：没有回答']);
  });
});
