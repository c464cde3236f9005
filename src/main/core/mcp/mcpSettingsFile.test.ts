import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { errorText } from '../../../shared/errors';
import { createMcpApprovals } from './mcpApprovals';
import { mcpHandlers } from './mcpHandlers';
import { createMcpHub } from './mcpHub';
import { HIDDEN } from './mcpSettingsFile';

// Settings → MCP servers edits the global mcpServers (issue 24): add, edit, rename and remove a server through the
// mcp.* commands; the rest of the file is kept; env values are never answered and survive an edit; a wrong
// configuration is refused in words and the file is left as it was; the hub runs what was saved.

const STDIO = fileURLToPath(new URL('../../../testing/mcp/stdioServer.mjs', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(settings: Record<string, unknown>) {
  const ws = await tempDir('akira-mcp-edit-ws-');
  const data = await tempDir('akira-mcp-edit-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  const file = join(data.dir, 'settings.json');
  await writeFile(file, JSON.stringify(settings));
  const hub = createMcpHub({ root: ws.dir, dataDir: data.dir, approvals: createMcpApprovals(data.dir), backoffMs: [50] });
  cleanups.push(() => hub.dispose());
  await hub.start();
  const h = mcpHandlers(() => hub, data.dir);
  const call = <K extends keyof typeof h>(name: K, input: Parameters<(typeof h)[K]>[0]) => (h[name] as (i: unknown, c: never) => Promise<unknown>)(input, {} as never);
  const onDisk = async () => JSON.parse(await readFile(file, 'utf8')) as { ui?: unknown; mcpServers?: Record<string, Record<string, unknown>> };
  return { hub, call, onDisk, file };
}

describe('editing the global MCP servers', () => {
  it('adds, edits, renames and removes a server; the rest of the file stays; env values are hidden and kept', async () => {
    const { hub, call, onDisk, file } = await setup({ ui: { theme: 'dark' }, mcpServers: { first: { command: 'x', env: { TOKEN: 'secret-123' }, disabled: true } } });
    expect(await call('mcp.globalServers', {})).toEqual({ file, servers: { first: { command: 'x', env: { TOKEN: HIDDEN }, disabled: true } } });

    await call('mcp.saveServer', { name: 'notes', config: { command: process.execPath, args: [STDIO] } });
    await waitFor(() => hub.list().find((s) => s.name === 'notes')?.state === 'ready', 'the added server', 20_000);

    // Edited and renamed from what globalServers answered: the hidden value keeps the secret; the place is kept.
    await call('mcp.saveServer', { name: 'renamed', previousName: 'first', config: { command: 'y', env: { TOKEN: HIDDEN, MORE: '1' }, disabled: true } });
    expect(await onDisk()).toEqual({
      ui: { theme: 'dark' },
      mcpServers: { renamed: { command: 'y', env: { TOKEN: 'secret-123', MORE: '1' }, disabled: true }, notes: { command: process.execPath, args: [STDIO] } },
    });
    expect(hub.list().map((s) => s.name).sort()).toEqual(['notes', 'renamed']);

    await call('mcp.removeServer', { name: 'notes' });
    expect(Object.keys((await onDisk()).mcpServers ?? {})).toEqual(['renamed']);
    expect(hub.list().map((s) => s.name)).toEqual(['renamed']);
  });

  it('refuses a wrong configuration or a taken name in words, and leaves the file as it was', async () => {
    const { call, onDisk } = await setup({ mcpServers: { a: { command: 'x' }, b: { url: 'https://example.com/mcp' } } });
    const before = await onDisk();
    const wrong = await call('mcp.saveServer', { name: 'c', config: { args: ['no command'] } }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'bad_request', message: expect.stringContaining('mcpServers.c: an MCP server needs either "command"') });
    expect(errorText(wrong as { message: string; words?: unknown }, 'zh-CN')).toContain('MCP 服务器需要 "command"');
    await expect(call('mcp.saveServer', { name: 'b', previousName: 'a', config: { command: 'x' } })).rejects.toMatchObject({ code: 'conflict', message: 'An MCP server "b" is configured already: choose another name.' });
    await expect(call('mcp.saveServer', { name: 'a', config: { command: 'x' } })).rejects.toMatchObject({ code: 'conflict' });
    await expect(call('mcp.removeServer', { name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await onDisk()).toEqual(before);
  });

  it('saves the whole mcpServers edited as JSON, hidden values kept; a wrong one is refused and nothing changes', async () => {
    const { call, onDisk } = await setup({ ui: { language: 'zh-CN' }, mcpServers: { a: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer s3cret' } } } });
    const { servers } = (await call('mcp.globalServers', {})) as { servers: Record<string, unknown> };
    expect(servers).toEqual({ a: { url: 'https://example.com/mcp', headers: { Authorization: HIDDEN } } });
    await expect(call('mcp.saveGlobalServers', { servers: { ...servers, b: { url: 'ftp://x' } } })).rejects.toMatchObject({ code: 'bad_request' });
    await call('mcp.saveGlobalServers', { servers: { ...servers, b: { command: 'x', disabled: true } } });
    expect(await onDisk()).toEqual({ ui: { language: 'zh-CN' }, mcpServers: { a: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer s3cret' } }, b: { command: 'x', disabled: true } } });
  });
});
