import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { sessionEventSchema } from '../../../../shared/agent/sessionEvents';
import { errorText } from '../../../../shared/errors';

// Issue 14: a tool call that fails logs the English result the model read (`summary`) and the error's words beside it
// (`errorWords`), which the tool card says in the person's language. An older log without words still parses.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

describe('tool errors in words', () => {
  it('logs the words of a path outside the workspace, a missing file and an edit whose text is not found', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'alpha\nbeta\n' }, settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'e', description: 'Edit a.txt', expectedResult: 'edited' }] }),
      reply.toolCall('read_file', { path: '../outside.txt' }),
      reply.toolCall('read_file', { path: 'nope.txt' }),
      reply.toolCall('edit_file', { path: 'a.txt', edits: [{ search: 'gamma', replace: 'delta' }] }),
      reply.toolCall('update_todo', { id: 'e', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'e', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    await kit.call('agent.start', { task: 'edit' });
    // The calls are logged by the time the TODO is verified (the session's final check is not scripted).
    await kit.waitForEvent('verification');
    const failed = kit.events.flatMap((e) => (e.type === 'tool_call_finished' && e.isError ? [e] : []));
    expect(failed.map((e) => [e.tool, e.errorWords?.key])).toEqual([
      ['read_file', 'file.outsideWorkspace'],
      ['read_file', 'tool.noSuchFile'],
      ['edit_file', 'tool.editNotFound'],
    ]);
    // The model read the English, with its next step; the words say the first sentence in either language.
    const [outside, missing, notFound] = failed;
    expect(outside.summary).toMatch(/^Error: Path "\.\.\/outside\.txt" is outside the workspace\.\nNext step: /);
    expect(missing.summary).toBe('Error: No such file: nope.txt\nNext step: Use list_files to see what exists.');
    expect(errorText({ message: '', words: missing.errorWords }, 'zh-CN')).toBe('没有这个文件：nope.txt');
    expect(notFound.summary).toMatch(/^Error: The edit: the search text was not found in a\.txt\./);
    expect(errorText({ message: '', words: notFound.errorWords }, 'en')).toBe('The edit: the search text was not found in a.txt.');
    expect(errorText({ message: '', words: notFound.errorWords }, 'zh-CN')).toBe('这处编辑：在 a.txt 中找不到搜索文本。');
  });

  it('parses an older tool_call_finished without words', () => {
    const old = { seq: 7, ts: '2026-01-01T00:00:00.000Z', type: 'tool_call_finished', callId: 'c1', todoId: 'e', tool: 'read_file', summary: 'Error: No such file: x', isError: true };
    const parsed = sessionEventSchema.parse(old);
    expect(parsed).toMatchObject({ type: 'tool_call_finished', isError: true });
    expect('errorWords' in parsed && parsed.errorWords).toBeFalsy();
  });
});
