import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { initRepoWithCommit } from '../../../../testing/gitCli';
import { waitFor } from '../../../../testing/waitFor';

// Issue 24, sessions with the official MCP servers: a resource link an MCP tool answers (server-everything's
// get-resource-links) tells the model how to read it, and read_mcp_resource reads it through the same gate as an MCP
// tool; server-filesystem started without a folder works in a worktree session's worktree (the session's folder is
// the client's root while it runs), and on the workspace again after it.

const EVERYTHING = fileURLToPath(new URL('../../../../../node_modules/.bin/mcp-server-everything', import.meta.url));
const FILESYSTEM = fileURLToPath(new URL('../../../../../node_modules/.bin/mcp-server-filesystem', import.meta.url));
let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const lastTool = (req: RecordedRequest) => (req.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').at(-1)?.content ?? '';
const toolNames = (req: RecordedRequest) => ((req.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);

describe('resource links in a session', () => {
  it('the model reads a resource link a tool answered with read_mcp_resource', async () => {
    kit = await startAgentKit({ settings: { mcpServers: { everything: { command: EVERYTHING, args: ['stdio'] } }, agent: { mode: 'autonomous', policy: { autoApprove: { mcp: true } } } } });
    let link = '';
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'read the linked resource', expectedResult: 'read' }] }),
      (req) => {
        expect(toolNames(req)).toEqual(expect.arrayContaining(['mcp__everything__get-resource-links', 'read_mcp_resource']));
        return reply.toolCall('mcp__everything__get-resource-links', { count: 2 });
      },
      (req) => {
        const m = /\[resource link (\S+) \(Text Resource 2[^)]*\); read it with read_mcp_resource (\{[^\]]+\})\]/.exec(lastTool(req));
        expect(m, lastTool(req)).not.toBeNull();
        link = m![1];
        return reply.toolCall('read_mcp_resource', JSON.parse(m![2]) as Record<string, unknown>);
      },
      (req) => {
        expect(lastTool(req)).toContain(`The resource ${link} of the MCP server everything:\nResource 2: This is a plaintext resource`);
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'read' });
      },
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    await kit.call('agent.start', { task: 'read what the tool links to' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const reads = kit.ofType('tool_call_finished').filter((e) => e.tool === 'read_mcp_resource');
    expect(reads.map((e) => e.isError)).toEqual([false]);
  });

  it('a worktree session is the root of server-filesystem started without a folder while it runs', async () => {
    kit = await startAgentKit({
      files: { 'a.txt': 'in the workspace\n' },
      settings: { mcpServers: { files: { command: FILESYSTEM, args: [] } }, agent: { mode: 'autonomous', policy: { autoApprove: { mcp: true } } } },
    });
    initRepoWithCommit(kit.root);
    const allowed = () => kit!.call('mcp.list', {}).then((r) => r.servers[0]?.state === 'ready');
    await waitFor(allowed, 'server-filesystem ready', 30_000);
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'w', description: 'list the allowed folders', expectedResult: 'listed' }] }),
      reply.toolCall('mcp__files__list_allowed_directories', {}),
      (req) => {
        const result = lastTool(req);
        expect(result).toContain(kit!.dataDir); // the worktree lives in the data folder
        expect(result).not.toContain(`${kit!.root}\n`);
        return reply.toolCall('update_todo', { id: 'w', status: 'done', result: 'listed' });
      },
      reply.toolCall('verify_todo', { todoId: 'w', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'list what the MCP server may reach', isolation: 'worktree' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    const path = (await kit.call('agent.get', { sessionId })).worktree!.path;
    const listed = kit.ofType('tool_call_finished').find((e) => e.tool === 'mcp__files__list_allowed_directories');
    expect(listed?.summary).toContain(path);
  });
});
