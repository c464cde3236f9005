import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../shared/contract';
import { reasonFields, sessionReasons } from '../../../shared/errors';
import { applyActivityBatch, emptyActivity } from '../features/activity/activityReducer';
import type { HubEntry } from '../features/agent/agentEventHub';
import { useSessionStore } from '../features/agent/sessionStore';
import { applyBoardEvent, emptyBoard } from '../features/board/boardReducer';
import { reasonTextOf } from './reasonText';
import { usePrefsStore } from './prefsStore';

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
});
