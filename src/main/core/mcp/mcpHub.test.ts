import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../../testing/mcpHttpServer';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createMcpApprovals } from './mcpApprovals';
import { errorText } from '../../../shared/errors';
import { createMcpHub, MAX_RESTARTS, type McpHub } from './mcpHub';

// The hub against real MCP servers written with the SDK: a stdio child process and a streamable-HTTP server.

const STDIO = fileURLToPath(new URL('../../../testing/mcp/stdioServer.mjs', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hubWith(globalServers: Record<string, unknown>, workspaceServers?: Record<string, unknown>, extra: { initTimeoutMs?: number } = {}) {
  const ws = await tempDir('akira-mcp-ws-');
  const data = await tempDir('akira-mcp-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeFile(join(data.dir, 'settings.json'), JSON.stringify({ mcpServers: globalServers }));
  if (workspaceServers) {
    await mkdir(join(ws.dir, '.akira'), { recursive: true });
    await writeFile(join(ws.dir, '.akira/mcp.json'), JSON.stringify({ mcpServers: workspaceServers }));
  }
  const approvals = createMcpApprovals(data.dir);
  const hub = createMcpHub({ root: ws.dir, dataDir: data.dir, approvals, backoffMs: [50, 100, 200], initTimeoutMs: extra.initTimeoutMs ?? 10_000 });
  cleanups.push(() => hub.dispose());
  await hub.start();
  return { hub, root: ws.dir, dataDir: data.dir, approvals };
}

const stdio = (name = 'notes') => ({ command: process.execPath, args: [STDIO, '--name', name] });
const state = (hub: McpHub, name: string) => hub.list().find((s) => s.name === name)?.state;

describe('MCP hub', () => {
  it('starts stdio and streamable-HTTP servers, offers their tools as mcp__<server>__<tool>, and calls them', async () => {
    const http = await startMcpHttpServer({ token: 'secret-t' });
    cleanups.push(() => http.close());
    const { hub } = await hubWith({ notes: stdio(), 'my calc': { url: http.url, headers: { Authorization: 'Bearer secret-t' } } });
    await hub.settled(20_000);
    expect(hub.list().map((s) => [s.name, s.key, s.state, s.transport])).toEqual([
      ['notes', 'notes', 'ready', 'stdio'],
      ['my calc', 'my_calc', 'ready', 'http'],
    ]);
    expect(hub.tools().map((t) => t.toolName)).toEqual(
      expect.arrayContaining(['mcp__notes__echo', 'mcp__notes__write_note', 'mcp__notes__crash', 'mcp__my_calc__add']),
    );
    expect(hub.tool('mcp__notes__echo')?.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(await hub.call('mcp__notes__echo', { text: 'hi' })).toEqual({ text: 'echo: hi', images: [], isError: false });
    expect((await hub.call('mcp__my_calc__add', { a: 2, b: 40 })).text).toBe('sum: 42');
    const picture = await hub.call('mcp__notes__picture', {});
    expect(picture.images).toHaveLength(1);
    expect((await hub.call('mcp__notes__fail', {})).isError).toBe(true);
    expect(hub.list()[0]).toMatchObject({ resources: 1, prompts: 1 });
    expect(await hub.readResource('notes', 'note://readme')).toBe('FIXTURE README TEXT');
    expect(await hub.getPrompt('notes', 'review')).toContain('Review the code carefully.');
    await expect(hub.call('mcp__nope__x', {})).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a server that crashes mid-call fails that call at once and is restarted with backoff; a hung call times out', async () => {
    const { hub } = await hubWith({ notes: stdio() });
    await hub.settled(20_000);
    await expect(hub.call('mcp__notes__crash', {})).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/stopped during the call/) });
    // While it restarts, a call fails at once with a clear message.
    const during = await hub.call('mcp__notes__echo', { text: 'x' }).catch((e: Error) => e);
    if (during instanceof Error) expect(during.message).toMatch(/MCP server notes (is being restarted|is starting)|offers no tool|No MCP tool/);
    await waitFor(() => state(hub, 'notes') === 'ready', 'the restarted server', 20_000);
    expect(hub.list()[0].restarts).toBe(0);
    expect((await hub.call('mcp__notes__echo', { text: 'back' })).text).toBe('echo: back');
    await expect(hub.call('mcp__notes__hang', {}, { timeoutMs: 300 })).rejects.toMatchObject({ message: expect.stringMatching(/did not answer within/) });
  });

  it('a server that never answers initialize fails with the reason, and one that cannot start is failed after its restarts', async () => {
    const { hub } = await hubWith({ mute: { command: process.execPath, args: ['-e', 'process.stdin.resume()'] }, missing: { command: 'no-such-program-akira' } }, undefined, { initTimeoutMs: 300 });
    await waitFor(() => state(hub, 'mute') === 'failed' && state(hub, 'missing') === 'failed', 'both failed', 20_000);
    const [mute, missing] = hub.list();
    expect(mute.error).toMatch(/did not answer initialize within 0 s|did not answer initialize/);
    expect(mute.error).toMatch(/gave up after \d+ restarts/);
    expect(missing.error).toMatch(/could not start/);
    // Issue 14: the same in words of the mcp catalog, the English error the words' own, and in Chinese.
    expect(missing.errorWords).toMatchObject({ key: 'mcp.couldNotStart', values: [expect.any(String), MAX_RESTARTS] });
    expect(errorText({ message: '', words: missing.errorWords }, 'en')).toBe(missing.error);
    expect(errorText({ message: '', words: missing.errorWords }, 'zh-CN')).toMatch(/^无法启动：.*（重启 6 次后已放弃；请在“设置 → MCP 服务器”中重启它）$/);
    await expect(hub.call('mcp__mute__x', {})).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/failed/) });
  });

  it('a workspace proposal starts only once approved, for that exact configuration; disabled servers stay off', async () => {
    const { hub, root, dataDir, approvals } = await hubWith({ off: { ...stdio('off'), disabled: true } }, { proposed: stdio('proposed') });
    expect(state(hub, 'off')).toBe('disabled');
    expect(state(hub, 'proposed')).toBe('awaiting_approval');
    expect(hub.list()[1].error).toMatch(/starts once you approve it/);
    expect(errorText({ message: '', words: hub.list()[1].errorWords }, 'zh-CN')).toBe('由此工作区提议（.akira/mcp.json）：你批准后它才会启动。');
    expect(hub.tools()).toEqual([]);
    await hub.approve('proposed');
    await waitFor(() => state(hub, 'proposed') === 'ready', 'the approved server', 20_000);
    expect(await approvals.isApproved(root, 'proposed', (await import('./mcpConfig')).fingerprintOf(stdio('proposed')))).toBe(true);
    // The project changes the command: approval is needed again.
    await writeFile(join(root, '.akira/mcp.json'), JSON.stringify({ mcpServers: { proposed: { command: process.execPath, args: [STDIO, '--name', 'changed'] } } }));
    await hub.reload();
    expect(state(hub, 'proposed')).toBe('awaiting_approval');
    await expect(hub.approve('off')).rejects.toMatchObject({ code: 'bad_request' });
    await hub.setEnabled('off', true);
    await waitFor(() => state(hub, 'off') === 'ready', 'the enabled server', 20_000);
    await hub.setEnabled('off', false);
    expect(state(hub, 'off')).toBe('disabled');
    void dataDir;
  });

  it('reports configuration problems with the file and the server, and ignores a project server named like a global one', async () => {
    const { hub } = await hubWith({ bad: { args: ['x'] }, web: { url: 'ftp://x' }, same: stdio('same') }, { same: stdio('other') });
    expect(hub.problems().join('\n')).toMatch(/mcpServers\.bad: an MCP server needs either "command"/);
    expect(hub.problems().join('\n')).toMatch(/mcpServers\.web/);
    expect(hub.problems().join('\n')).toMatch(/\.akira\/mcp\.json: mcpServers\.same: a global server has this name/);
    expect(hub.list().map((s) => [s.name, s.source])).toEqual([['same', 'global']]);
  });
});

describe('MCP hub: what an approval covers', () => {
  it("keeps a failed server's stderr, ignores a project's alwaysAllow, and refuses an approval of a configuration that changed", async () => {
    const proposed = { command: process.execPath, args: [STDIO, '--name', 'p'], env: { MODE: 'x' }, alwaysAllow: ['echo'] };
    const { hub, root } = await hubWith({ noisy: { command: process.execPath, args: ['-e', "process.stderr.write('boom: bad config\\n'); process.exit(2)"], timeoutSeconds: 2 } }, { proposed });
    await waitFor(() => hub.list()[0].stderrTail.includes('boom: bad config'), 'the stderr of the failed server', 20_000);
    const p = hub.list().find((s) => s.name === 'proposed')!;
    expect(p.details).toEqual({ cwd: null, env: { MODE: 'x' }, headerNames: [] });
    await expect(hub.approve('proposed', 'not-the-fingerprint')).rejects.toMatchObject({ code: 'conflict' });
    await hub.approve('proposed', p.fingerprint);
    await waitFor(() => state(hub, 'proposed') === 'ready', 'the approved server', 20_000);
    expect(hub.tool('mcp__proposed__echo')?.alwaysAllowed).toBe(false);
    void root;
  });
});
