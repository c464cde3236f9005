import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../shared/contract';
import { modelErrors, plainWords, policyReasons, reasonFields, sessionReasons, wordsReason } from '../../../shared/errors';
import { useReviewStore } from '../features/review/reviewStore';
import { applyActivityBatch, emptyActivity } from '../features/activity/activityReducer';
import type { HubEntry } from '../features/agent/agentEventHub';
import { useSessionStore } from '../features/agent/sessionStore';
import { applyBoardEvent, emptyBoard } from '../features/board/boardReducer';
import { reasonTextOf } from './reasonText';
import { usePrefsStore } from './prefsStore';
import { noticeText } from '../features/activity/noticeText';

// Issue 14: the reasons of session events are said in the UI's language from their words, else read as the core wrote them.
const SID = 'sess-reasons';
const ts = '2026-11-27T19:00:00.000Z';
const event = (seq: number, body: Record<string, unknown>) => ({ sessionId: SID, seq, ts, ...body }) as unknown as AgentEvent;
const started = event(1, { type: 'session_started', sessionId: SID, task: 'Do it', mode: 'autonomous', model: 'test-model' });

describe('session reasons in the UI language', () => {
  afterEach(() => {
    usePrefsStore.getState().setPrefs({ language: 'en', theme: 'dark' });
    useSessionStore.setState({ statusReasons: {}, sessions: [] });
  });

  it('say a reason with words in Chinese under zh-CN and in its own English under en', () => {
    const stopped = sessionReasons.stoppedFromApp;
    const limit = sessionReasons.todoTurnsUsed('t2', 40);
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    expect(reasonTextOf(stopped.en, stopped)).toBe('已在应用中停止。');
    expect(reasonTextOf(limit.en, limit)).toBe('TODO t2 已用完 40 轮模型调用（策略 maxToolLoopsPerTodo）仍未完成。请查看它做了什么，需要时发送提示消息，然后恢复会话。');
    usePrefsStore.getState().setPrefs({ language: 'en', theme: 'dark' });
    expect(reasonTextOf(limit.en, limit)).toBe(limit.en);
  });

  it('fall back to the English reason for an unknown key, missing values, malformed words, no words or no reason', () => {
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    expect(reasonTextOf('Paused by a newer core.', { key: 'reason.somethingNewer', values: [] })).toBe('Paused by a newer core.');
    expect(reasonTextOf('From elsewhere.', { key: 'nodomain.stoppedFromApp', values: [] })).toBe('From elsewhere.');
    expect(reasonTextOf('TODO t2 failed: retry, skip, edit or stop?', { key: 'reason.todoFailedAsk', values: [] })).toBe('TODO t2 failed: retry, skip, edit or stop?');
    expect(reasonTextOf('Odd.', { key: 7, values: 'x' } as never)).toBe('Odd.');
    expect(reasonTextOf('An old log line.', undefined)).toBe('An old log line.');
    expect(reasonTextOf(null, sessionReasons.stoppedFromApp)).toBeNull();
  });

  it('reach the board, the activity end card and status line, and the session list with their words', () => {
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    const paused = event(2, { type: 'status_changed', status: 'paused', ...reasonFields(sessionReasons.fileLimit(10)) });
    const stopped = event(3, { type: 'session_stopped', ...reasonFields(sessionReasons.stoppedFromApp) });

    let board = emptyBoard(SID);
    for (const e of [started, paused]) board = applyBoardEvent(board, e).state;
    expect(board.statusReason).toBe(sessionReasons.fileLimit(10).en);
    expect(reasonTextOf(board.statusReason, board.statusReasonWords)).toBe('会话已达到 10 次文件修改的上限（策略 maxFileModificationsPerSession）。请审查这些更改，然后恢复会话以允许更多修改。');
    board = applyBoardEvent(board, stopped).state;
    expect(reasonTextOf(board.statusReason, board.statusReasonWords)).toBe('已在应用中停止。');

    const entries = [started, paused, stopped].map((e, i): HubEntry => ({ n: i + 1, kind: 'agent', event: e }));
    const { items } = applyActivityBatch(emptyActivity(SID), entries);
    const status = items.find((i) => i.kind === 'status');
    const end = items.find((i) => i.kind === 'end');
    expect(status?.kind === 'status' && reasonTextOf(status.reason, status.reasonWords)).toMatch(/^会话已达到 10 次文件修改的上限/);
    expect(end?.kind === 'end' && end.text).toBe('Stopped from the app.');
    expect(end?.kind === 'end' && reasonTextOf(end.text, end.textWords)).toBe('已在应用中停止。');

    const queued = event(4, { type: 'status_changed', status: 'queued', ...reasonFields(sessionReasons.waitingFolder) });
    useSessionStore.getState().applyEvent(queued);
    const s = useSessionStore.getState();
    expect(reasonTextOf(s.statusReasons[SID].reason, s.statusReasons[SID].words)).toBe('等待此文件夹中正在运行的会话结束。');
    useSessionStore.getState().applyEvent(event(5, { type: 'status_changed', status: 'queued', reason: 'An old reason.' }));
    expect(useSessionStore.getState().statusReasons[SID]).toEqual({ reason: 'An old reason.', words: null });
  });

  it('say the policy\'s reasons, a retry\'s and a decided change\'s in Chinese from their words, and old events in their English', () => {
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    const retryWords = modelErrors.serverAnswered('http://127.0.0.1:9', 503, 'busy');
    const destructive = policyReasons.inPart('git push --force', policyReasons.gitPushForce.key);
    const deny = policyReasons.denyListEntry('curl');
    const approval = { changeId: 'cmd-1', kind: 'command', todoId: 't1', command: { command: 'npm test && git push --force', destructive: true, ...wordsReason(destructive) } };
    const events = [
      started,
      event(2, { type: 'model_retry', attempt: 1, delayMs: 1000, phase: 'execute', todoId: 't1', ...wordsReason(retryWords) }),
      event(3, { type: 'model_retry', attempt: 2, delayMs: 0, phase: 'execute', todoId: 't1', reason: 'An old retry reason.' }),
      event(4, { type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'run_command', input: 'curl x' }),
      event(5, { type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'run_command', summary: 'Denied by the policy: …', isError: true, deniedReason: deny.en, deniedReasonWords: plainWords(deny) }),
      event(6, { type: 'change_proposed', changeId: 'ch1', todoId: 't1', change: { path: 'a.txt', kind: 'create', before: null, after: 'a' } }),
      event(7, { type: 'change_decided', changeId: 'ch1', decision: 'rejected', by: 'policy', ...wordsReason(policyReasons.writesNeedApproval) }),
      event(8, { type: 'change_proposed', changeId: 'ch2', todoId: 't1', change: { path: 'b.txt', kind: 'create', before: null, after: 'b' } }),
      event(9, { type: 'change_decided', changeId: 'ch2', decision: 'rejected', by: 'user', reason: 'not now' }),
      event(10, { type: 'approval_requested', ...approval, ...wordsReason(destructive) }),
    ];
    const { items } = applyActivityBatch(emptyActivity(SID), events.map((e, i): HubEntry => ({ n: i + 1, kind: 'agent', event: e })));
    const notices = items.filter((i) => i.kind === 'notice').map((i) => (i.kind === 'notice' ? noticeText(i, 'zh-CN') : ''));
    expect(notices[0]).toMatch(/^模型调用将在 .*后重试（第 1 次尝试）：http:\/\/127\.0\.0\.1:9 的模型服务器返回了 503：busy$/);
    expect(notices[1]).toBe('模型调用重试（第 2 次尝试）：An old retry reason.');
    const terminal = items.find((i) => i.kind === 'terminal');
    expect(terminal?.kind === 'terminal' && reasonTextOf(terminal.deniedReason, terminal.deniedReasonWords)).toBe('匹配拒绝列表中的条目“curl”');
    const changes = items.flatMap((i) => (i.kind === 'change' ? [reasonTextOf(i.reason, i.reasonWords)] : []));
    expect(changes).toEqual(['文件更改需要批准（autoApprove.write 已关闭）', 'not now']);
    const asked = items.find((i) => i.kind === 'approval');
    expect(asked?.kind === 'approval' && reasonTextOf(asked.approval.command!.reason, asked.approval.command!.reasonWords)).toBe('git push --force：破坏性操作：git push --force 会改写远程历史');

    // the Review view: an approval listed by agent.get (no notice) speaks with its command's words; an old one in English
    useReviewStore.getState().syncSession(SID, [approval as never, { ...approval, changeId: 'cmd-2', command: { command: 'rm -rf src', destructive: true, reason: 'destructive: old' } } as never], 0);
    const listed = useReviewStore.getState().items.filter((i) => i.sessionId === SID);
    expect(listed.map((i) => reasonTextOf(i.reason, i.reasonWords))).toEqual(['git push --force：破坏性操作：git push --force 会改写远程历史', 'destructive: old']);
    useReviewStore.getState().syncSession(SID, [], Number.POSITIVE_INFINITY);
  });
});
