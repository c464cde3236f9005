import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply } from '../../../../testing/openaiTestServer';
import { waitFor } from '../../../../testing/waitFor';

// MCP tools in a real session (issue 12): offered to the model with their schemas, asked like commands by default
// (a rejection's reason goes back to the model), allowed by a server's alwaysAllow, their images sent to a vision
// model, and the files they change checkpointed.

const STDIO = fileURLToPath(new URL('../../../../testing/mcp/stdioServer.mjs', import.meta.url));
let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = () => reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'use the tools', expectedResult: 'used' }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const notes = (extra: Record<string, unknown> = {}) => ({ mcpServers: { notes: { command: process.execPath, args: [STDIO], ...extra } } });

describe('MCP tools in a session', () => {
  it('asks before an MCP tool by default: a rejection reaches the model; an approved call runs and its file change is checkpointed', async () => {
    kit = await startAgentKit({ settings: { ...notes(), agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: false } } } } });
    kit.server.enqueue(
      (req) => {
        const tools = (req.body.tools ?? []) as { function: { name: string } }[];
        expect(tools.map((t) => t.function.name)).not.toContain('mcp__notes__echo'); // the plan call offers only todo_write
        return plan();
      },
      (req) => {
        const tools = req.body.tools as { function: { name: string; parameters: { properties: Record<string, unknown> } } }[];
        const echo = tools.find((t) => t.function.name === 'mcp__notes__echo');
        expect(echo?.function.parameters.properties).toHaveProperty('text');
        return reply.toolCall('mcp__notes__echo', { text: 'secret plans' });
      },
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('do not send my plans anywhere');
        return reply.toolCall('mcp__notes__write_note', { path: 'notes/n.md', content: 'hello' });
      },
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('wrote notes/n.md');
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'noted' });
      },
      verdict('a'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'take a note' });
    const first = await kit.waitForEvent('approval_requested');
    expect(first).toMatchObject({ kind: 'mcp', tool: { name: 'mcp__notes__echo' } });
    await kit.call('agent.reject', { sessionId, changeId: String(first.changeId), reason: 'do not send my plans anywhere' });
    // The rejection stops the turn; the session goes on with the next call.
    const second = await kit.waitForEvent('approval_requested', (e) => e.changeId !== first.changeId);
    expect(second).toMatchObject({ kind: 'mcp', tool: { name: 'mcp__notes__write_note' } });
    await kit.call('agent.approve', { sessionId, changeId: String(second.changeId) });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const finished = kit.ofType('tool_call_finished').filter((e) => e.tool.startsWith('mcp__'));
    expect(finished.map((e) => [e.tool, e.isError])).toEqual([
      ['mcp__notes__echo', true],
      ['mcp__notes__write_note', false],
    ]);
    expect(kit.ofType('checkpoint_taken').some((e) => e.label?.includes('after mcp__notes__write_note'))).toBe(true);
  });

  it("a server's alwaysAllow runs a tool without asking; an image it answers goes to a vision model with the next call", async () => {
    kit = await startAgentKit({
      settings: { ...notes({ alwaysAllow: ['picture'] }), agent: { mode: 'autonomous' }, models: { 'test-model': { vision: true } } },
    });
    kit.server.enqueue(
      plan(),
      reply.toolCall('mcp__notes__picture', {}),
      (req) => {
        expect(JSON.stringify(req.body.messages)).toContain('a red pixel');
        expect(JSON.stringify(req.body.messages)).toContain('data:image/png;base64,');
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'seen' });
      },
      verdict('a'),
      verdict('task'),
    );
    await kit.call('agent.start', { task: 'look at the picture' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.ofType('approval_requested')).toEqual([]);
  });
});

describe('@mcp: mentions', () => {
  it("attach an MCP server's resource and prompt to the task; a missing one is a clear note", async () => {
    kit = await startAgentKit({ settings: { ...notes(), agent: { mode: 'autonomous' } } });
    await waitFor(async () => (await kit!.call('mcp.list', {})).servers[0]?.state === 'ready', 'the MCP server');
    const catalog = await kit.call('mcp.catalog', {});
    expect(catalog.resources).toEqual([{ server: 'notes', uri: 'note://readme', name: 'readme', description: 'The fixture readme', mimeType: 'text/plain' }]);
    expect(catalog.prompts).toEqual([{ server: 'notes', name: 'review', description: 'A review prompt', arguments: [] }]);
    expect(catalog.templates).toEqual([]);
    const { attachments } = await kit.call('context.resolve', { text: '@mcp:notes:note://readme @mcp:notes:review @mcp:nobody:x' });
    expect(attachments.map((a) => [a.kind, a.title, a.error === null])).toEqual([
      ['mcp', 'note://readme (MCP server notes)', true],
      ['mcp', 'prompt review of MCP server notes', true],
      ['mcp', '@mcp:nobody:x', false],
    ]);
    expect(attachments[2].error).toMatch(/No MCP server "nobody"/);
    kit.server.enqueue((req) => {
      expect(JSON.stringify(req.body.messages)).toContain('FIXTURE README TEXT');
      expect(JSON.stringify(req.body.messages)).toContain('Review the code carefully.');
      return plan();
    });
    const { sessionId } = await kit.call('agent.start', { task: 'follow @mcp:notes:review on @mcp:notes:note://readme' });
    await waitFor(() => kit!.server.requests.length === 1, 'the plan call');
    await kit.call('agent.stop', { sessionId });
  });
});
