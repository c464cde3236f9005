import { fileURLToPath } from 'node:url';
import { spawn as spawnPty } from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';
import { binPath, terminalEnv } from '../../testing/builtCli';
import { startMcpHttpServer, type McpHttpServer } from '../../testing/mcpHttpServer';
import { waitFor } from '../../testing/waitFor';

// MCP servers through the real built `akira run` (issue 12): a stdio server and a streamable-HTTP server written
// with the SDK, their tools called by the scripted model; --yes approves them; a server that crashes mid-call gives
// the model a clear tool error and the session goes on; a server that never answers initialize is left out; on a
// terminal the call is asked and can be refused with a reason the model reads.

const STDIO = fileURLToPath(new URL('../../testing/mcp/stdioServer.mjs', import.meta.url));
const bin = binPath('akira.cjs');
const kit = useAkiraRunKit();
const { workspace, akiraRun, finished, cleanups } = kit;
let http: McpHttpServer;
beforeAll(async () => {
  http = await startMcpHttpServer({ token: 'mcp-token' });
});
afterAll(async () => {
  await http.close();
});

const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const toolNames = (r: RecordedRequest) => ((r.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
const plan = () => reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'use the MCP tools', expectedResult: 'used' }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const servers = () => ({
  mcpServers: {
    notes: { command: process.execPath, args: [STDIO] },
    calc: { url: http.url, headers: { Authorization: 'Bearer mcp-token' } },
    mute: { command: process.execPath, args: ['-e', 'process.stdin.resume()'], timeoutSeconds: 1 },
  },
});

describe('akira run with MCP servers (built)', () => {
  it('calls a tool of a stdio and of an HTTP server with --yes; a crash mid-call is a tool error; a mute server is left out', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, { ...servers(), agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      plan(),
      (req) => {
        expect(toolNames(req)).toEqual(expect.arrayContaining(['mcp__notes__echo', 'mcp__calc__add', 'read_file']));
        expect(toolNames(req).some((n) => n.startsWith('mcp__mute'))).toBe(false);
        return reply.toolCall('mcp__notes__echo', { text: 'hello' });
      },
      (req) => {
        expect(sent(req)).toContain('echo: hello');
        return reply.toolCall('mcp__calc__add', { a: 2, b: 40 });
      },
      (req) => {
        expect(sent(req)).toContain('sum: 42');
        return reply.toolCall('mcp__notes__crash', {});
      },
      (req) => {
        expect(sent(req)).toMatch(/The MCP server notes stopped during the call/);
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'used both' });
      },
      verdict('a'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--task', 'use the MCP tools', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    const approvals = run.events().filter((e) => e.type === 'approval_requested');
    expect(approvals.map((e) => [e.kind, e.tool?.name])).toEqual([
      ['mcp', 'mcp__notes__echo'],
      ['mcp', 'mcp__calc__add'],
      ['mcp', 'mcp__notes__crash'],
    ]);
    expect(http.requests).toBeGreaterThan(0);
  });

  it('on a terminal, asks before an MCP tool; a refusal with a reason reaches the model', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, { mcpServers: { notes: { command: process.execPath, args: [STDIO] } }, agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      plan(),
      reply.toolCall('mcp__notes__echo', { text: 'my secret plan' }),
      (req) => {
        expect(sent(req)).toContain('The user REJECTED this MCP tool call');
        expect(sent(req)).toContain('keep it local');
        return reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'did not send it' });
      },
      verdict('a'),
      verdict('task'),
    );
    const term = spawnPty(process.execPath, [bin, 'run', '--workspace', ws.root, '--task', 'echo my plan'], {
      cwd: ws.root,
      cols: 120,
      rows: 40,
      env: terminalEnv({ AKIRA_DATA_DIR: ws.dataDir, OPENAI_BASE_URL: kit.server.baseURL, AKIRA_MODEL: 'test-model', OPENAI_API_KEY: 'sk-test' }),
    });
    let screen = '';
    term.onData((d) => (screen += d));
    const exited = new Promise<number>((r) => term.onExit((e) => r(e.exitCode)));
    cleanups.push(async () => term.kill());
    const plain = () => screen.replace(/\x1b\[[0-9;]*m/g, '');
    await waitFor(() => /Approve the MCP tool mcp__notes__echo\? \[y\]es \/ \[n\]o:/.test(plain()), `the prompt (screen: ${plain()})`, 30_000);
    expect(plain()).toContain('my secret plan');
    term.write('n\r');
    await waitFor(() => plain().includes('Why (the agent reads this)?'), 'the reason prompt', 10_000);
    term.write('keep it local\r');
    expect(await exited).toBe(0);
  });
});
