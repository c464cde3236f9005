import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

// The official MCP servers from the npm registry through the real built `akira run` (issue 24): an @mcp: resource
// mention and a prompt with key=value arguments attach to the task although the server is still starting when the
// run begins; server-filesystem started without a folder reads the workspace through roots, and its 2.9 MB answer
// reaches the model cut once, saying how much of the original was left out.

const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const kit = useAkiraRunKit();
const { workspace, akiraRun, finished } = kit;

const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const plan = () => reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'use the context', expectedResult: 'used' }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const done = () => reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'used' });

describe('akira run with the official MCP servers (built)', () => {
  it('attaches an @mcp: resource mention and a prompt with key=value arguments to the task', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, { mcpServers: { everything: { command: bin('mcp-server-everything'), args: ['stdio'] } }, agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      (req) => {
        expect(sent(req)).toContain('Resource 1: This is a plaintext resource');
        expect(sent(req)).toContain("What's weather in Paris, Texas?");
        return plan();
      },
      done(),
      verdict('a'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--task', 'summarise @mcp:everything:demo://resource/dynamic/text/1 and answer @"mcp:everything:args-prompt city=Paris state=Texas"', '--json']);
    expect(await finished(run)).toBe(0);
    const attached = run.events().find((e) => e.type === 'context_attached');
    expect(attached?.attachments.map((a: { title: string; error: string | null }) => [a.title, a.error])).toEqual([
      ['demo://resource/dynamic/text/1 (MCP server everything)', null],
      ['prompt args-prompt (city=Paris, state=Texas) of MCP server everything', null],
    ]);
  });

  it('a prompt mentioned without a required argument is said clearly; the task and the other mentions go on', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, { mcpServers: { everything: { command: bin('mcp-server-everything'), args: ['stdio'] } }, agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      (req) => {
        expect(sent(req)).toContain('Resource 1: This is a plaintext resource');
        expect(sent(req)).toContain('answer @\\"mcp:everything:args-prompt state=Texas\\" about it');
        return plan();
      },
      done(),
      verdict('a'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--task', 'read @mcp:everything:demo://resource/dynamic/text/1 and answer @"mcp:everything:args-prompt state=Texas" about it']);
    expect(await finished(run)).toBe(0);
    expect(run.stdout() + run.stderr()).toContain(
      'warning: @mcp:everything:args-prompt state=Texas not attached: The prompt args-prompt of the MCP server everything needs the argument city: mention it as @"mcp:everything:args-prompt city=… state=Texas".',
    );
  });

  it('server-filesystem without a folder reads the workspace through roots; a 2.9 MB answer says its true size', async () => {
    const big = Array.from({ length: 60_000 }, (_, i) => `line ${String(i).padStart(6, '0')} of the big file, padded to about fifty\n`).join('');
    expect(big.length).toBeGreaterThan(2_900_000);
    const ws = await workspace({ 'big.txt': big }, { mcpServers: { files: { command: bin('mcp-server-filesystem'), args: [] } }, agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      plan(),
      reply.toolCall('mcp__files__read_text_file', { path: join(ws.root, 'big.txt') }),
      (req) => {
        const result = (req.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').at(-1)!.content;
        expect(result).toMatch(/^line 000000 of the big file/);
        expect(result).toMatch(/line 059999 of the big file, padded to about fifty\s*$/);
        const notes = [...result.matchAll(/\[(\d+) of (\d+) characters cut\]/g)];
        expect(notes).toHaveLength(1);
        const [, cut, total] = notes[0];
        expect(Number(total)).toBeGreaterThanOrEqual(big.length);
        expect(Number(cut)).toBeGreaterThan(2_890_000);
        return done();
      },
      verdict('a'),
      verdict('task'),
    );
    const run = akiraRun(ws, ['--task', 'read big.txt with the MCP server', '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    const finishedCall = run.events().find((e) => e.type === 'tool_call_finished' && e.tool === 'mcp__files__read_text_file');
    expect(finishedCall?.isError).toBe(false);
  });
});
