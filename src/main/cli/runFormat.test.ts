import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventOf } from '../../shared/contract';
import { createRunApprovals } from './runApprovals';
import { formatRunEvent } from './runFormat';
import { modelErrors, plainWords, policyReasons, sessionReasons, toolErrors, wordsReason } from '../../shared/errors';

// `akira run` reads agent events as the contract's union (narrowed on `type`), like the renderer: a field
// renamed in src/shared/agent fails to compile here too. The built CLI's output is checked in runTaskCommand.test.ts.

const ts = '2026-11-24T09:30:30.213Z';

describe('akira run reads agent events typed', () => {
  it('says a warning with words in the CLI language (a secret redacted from the task, issue 25)', () => {
    const words = sessionReasons.secretRedacted('apiKey', 'task');
    const warning: AgentEventOf<'warning'> = { sessionId: 's', type: 'warning', message: words.en, messageWords: plainWords(words) };
    expect(formatRunEvent(warning, { color: false })).toContain('The task holds what looks like an API key: it was replaced with [redacted]');
    expect(formatRunEvent(warning, { color: false, language: 'zh-CN' })).toContain('任务中有看起来像API 密钥的内容：在发送给模型或写入会话日志之前，它已被替换为 [redacted]');
  });

  it('formats each event from its own fields', () => {
    const verdict: AgentEventOf<'verification'> = { sessionId: 's', type: 'verification', seq: 3, ts, todoId: 't1', approved: false, confidence: 0.5, feedback: 'add a test', nextStatus: 'failed' };
    expect(formatRunEvent(verdict, { color: false })).toBe('  ✘ Review of t1: rejected (retry limit reached) (confidence 0.50) — add a test\n');
    const retry: AgentEvent = { sessionId: 's', type: 'model_retry', attempt: 2, delayMs: 1500, reason: 'HTTP 500', phase: 'plan', todoId: null };
    expect(formatRunEvent(retry, { color: false })).toBe('  (model: attempt 2 failed, retrying in 1.5 s: HTTP 500)\n');
  });

  it('says a session reason in the CLI language from its words, else as written (issue 14)', () => {
    const stopped: AgentEvent = { sessionId: 's', type: 'session_stopped', seq: 4, ts, reason: 'Stopped by the user.', reasonWords: { key: 'reason.stoppedByUser', values: [] } };
    expect(formatRunEvent(stopped, { color: false, language: 'zh-CN' })).toContain('已被用户停止。');
    expect(formatRunEvent(stopped, { color: false })).toContain('Stopped by the user.');
    const paused: AgentEvent = { sessionId: 's', type: 'status_changed', seq: 5, ts, status: 'paused', reason: 'From a newer core.', reasonWords: { key: 'reason.newer', values: [] } };
    expect(formatRunEvent(paused, { color: false, language: 'zh-CN' })).toContain(': From a newer core.');
  });

  it("says the reasoning Akira wrote about a spec task in the CLI language; a model's or an old log's as written (issue 14)", () => {
    const judged = { sessionId: 's', type: 'task_assessed', seq: 6, ts, todoId: '2.1', detected: false, confidence: 0.9, provider: 'heuristic', judgedDone: false, threshold: 0.8, durationMs: 3 } as const;
    const reasoning = 'The quick checks show it is not done: file src/bye.js: missing.';
    const lines = ['assess.checkFileMissing', 2, 'src/bye.js', ''];
    const withWords: AgentEvent = { ...judged, reasoning, checks: ['file src/bye.js: missing'], reasoningWords: { key: 'assess.notDone', values: lines } };
    expect(formatRunEvent(withWords, { color: false, language: 'zh-CN' })).toContain('快速检查表明它尚未完成：文件 src/bye.js：缺失。');
    expect(formatRunEvent(withWords, { color: false })).toContain(reasoning);
    const old: AgentEvent = { ...judged, reasoning, checks: [] };
    expect(formatRunEvent(old, { color: false, language: 'zh-CN' })).toContain(reasoning);
  });

  it('says a retry, a denied command and a change the policy refused in the CLI language; old events as written (issue 14)', () => {
    const zh = { color: false, language: 'zh-CN' as const };
    const retry: AgentEvent = { sessionId: 's', type: 'model_retry', attempt: 1, delayMs: 1000, phase: 'execute', todoId: 't1', ...wordsReason(modelErrors.unreachable('http://127.0.0.1:9', 'ECONNREFUSED')) };
    expect(formatRunEvent(retry, zh)).toBe('  （模型：第 1 次尝试失败，1.0 秒后重试：无法连接 http://127.0.0.1:9 的模型服务器（ECONNREFUSED）。）\n');
    const deny = policyReasons.inPart('curl x', policyReasons.denyListEntry('curl').key, 'curl');
    const denied: AgentEvent = { sessionId: 's', type: 'tool_call_finished', seq: 6, ts, callId: 'c', todoId: 't1', tool: 'run_command', summary: `Denied by the policy: ${deny.en}. The command was not run.`, isError: true, deniedReason: deny.en, deniedReasonWords: plainWords(deny) };
    expect(formatRunEvent(denied, zh)).toBe('    ✗ 已被策略拒绝：curl x：匹配拒绝列表中的条目“curl”\n');
    expect(formatRunEvent(denied, { color: false })).toBe('    ✗ denied by the policy: curl x: matches the deny list entry "curl"\n');
    const refused: AgentEvent = { sessionId: 's', type: 'change_decided', seq: 7, ts, changeId: 'ch', decision: 'rejected', by: 'policy', ...wordsReason(policyReasons.writesNeedApproval) };
    expect(formatRunEvent(refused, zh)).toBe('    更改被策略拒绝：文件更改需要批准（autoApprove.write 已关闭）\n');
    const old: AgentEvent = { sessionId: 's', type: 'change_decided', seq: 8, ts, changeId: 'ch2', decision: 'rejected', by: 'user', reason: 'not now' };
    expect(formatRunEvent(old, zh)).toBe('    更改被用户拒绝：not now\n');
    expect(formatRunEvent({ sessionId: 's', type: 'model_retry', attempt: 2, delayMs: 0, reason: 'HTTP 500', phase: 'plan', todoId: null }, zh)).toContain('：HTTP 500）');
    // a failed tool call: its words in the CLI's language; without words (older logs) the model's English
    const missing = toolErrors.noSuchFile('nope.txt', '');
    const failed: AgentEvent = { sessionId: 's', type: 'tool_call_finished', seq: 9, ts, callId: 'c2', todoId: 't1', tool: 'read_file', summary: `Error: ${missing.en}\nNext step: Use list_files to see what exists.`, isError: true, errorWords: plainWords(missing) };
    expect(formatRunEvent(failed, zh)).toBe('    ✗ 没有这个文件：nope.txt\n');
    const { errorWords: _w, ...oldFailed } = failed as AgentEventOf<'tool_call_finished'>;
    expect(formatRunEvent(oldFailed as AgentEvent, zh)).toBe('    ✗ Error: No such file: nope.txt\n');
  });

  it('does not compile with a field an event does not have', () => {
    const typeOnly = () => {
      // @ts-expect-error a verification's verdict is `approved`, not `verdict`
      formatRunEvent({ sessionId: 's', type: 'verification', seq: 3, ts, todoId: 't1', verdict: true, confidence: 1, feedback: '' }, { color: false });
      const approvals = createRunApprovals({} as Parameters<typeof createRunApprovals>[0]);
      // @ts-expect-error a question's text is `text`, not `prompt`
      approvals.handle({ sessionId: 's', type: 'question', questionId: 'q', todoId: 't1', prompt: 'TODO t1 failed', options: ['retry'] });
    };
    expect(typeof typeOnly).toBe('function');
  });
});
