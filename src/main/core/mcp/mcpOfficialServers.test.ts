import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createProjectContext } from '../context/projectContext';
import { createMcpApprovals } from './mcpApprovals';
import { createMcpHub } from './mcpHub';

// The hub against the official servers from the npm registry (issue 24): server-filesystem started without a folder
// works on the workspace through roots (and follows a session's worktree), server-everything's resource templates,
// prompts with arguments and resource links; an @mcp: mention made while its server starts waits for it.

const bin = (name: string) => fileURLToPath(new URL(`../../../../node_modules/.bin/${name}`, import.meta.url));
const EVERYTHING = { command: bin('mcp-server-everything'), args: ['stdio'] };
const FILESYSTEM = { command: bin('mcp-server-filesystem'), args: [] as string[] };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hubWith(servers: Record<string, unknown>) {
  const ws = await tempDir('akira-mcp-real-ws-');
  const data = await tempDir('akira-mcp-real-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeFile(join(data.dir, 'settings.json'), JSON.stringify({ mcpServers: servers }));
  const hub = createMcpHub({ root: ws.dir, dataDir: data.dir, approvals: createMcpApprovals(data.dir), initTimeoutMs: 20_000 });
  cleanups.push(() => hub.dispose());
  return { hub, root: ws.dir };
}

const text = async (p: Promise<{ text: string; isError: boolean }>) => {
  const r = await p;
  expect(r.isError, r.text).toBe(false);
  return r.text;
};

describe('the official MCP servers', () => {
  it('server-filesystem without a folder works on the workspace through roots, and on a session’s worktree while it runs', async () => {
    const { hub, root } = await hubWith({ files: FILESYSTEM });
    await writeFile(join(root, 'hello.txt'), 'hello from the workspace\n');
    await hub.start();
    await hub.settled(30_000);
    expect(hub.list()[0]).toMatchObject({ state: 'ready' });
    // The server asks roots/list after initialize: the workspace is its allowed folder.
    await waitFor(async () => (await hub.call('mcp__files__list_allowed_directories', {})).text.includes(root), 'the workspace as the allowed folder', 20_000);
    expect(await text(hub.call('mcp__files__read_text_file', { path: join(root, 'hello.txt') }))).toContain('hello from the workspace');
    // A worktree session runs: its folder is the root, and the server is told (roots/list_changed).
    const tree = await tempDir('akira-mcp-real-tree-');
    cleanups.push(tree.cleanup);
    await mkdir(join(tree.dir, 'sub'));
    await writeFile(join(tree.dir, 'sub', 'in-tree.txt'), 'inside the worktree');
    const release = hub.useRoot(tree.dir);
    expect(hub.roots()).toEqual([tree.dir]);
    await waitFor(async () => (await hub.call('mcp__files__list_allowed_directories', {})).text.includes(tree.dir), 'the worktree as the allowed folder', 20_000);
    expect(await text(hub.call('mcp__files__read_text_file', { path: join(tree.dir, 'sub', 'in-tree.txt') }))).toBe('inside the worktree');
    expect((await hub.call('mcp__files__read_text_file', { path: join(root, 'hello.txt') })).isError).toBe(true);
    release();
    expect(hub.roots()).toEqual([root]);
    await waitFor(async () => !(await hub.call('mcp__files__list_allowed_directories', {})).text.includes(tree.dir), 'the workspace again', 20_000);
  });

  it('server-everything: resource templates and prompts with arguments in the catalog; a missing argument is a clear error', async () => {
    const { hub } = await hubWith({ everything: EVERYTHING });
    await hub.start();
    await hub.settled(30_000);
    const templates = await hub.templates();
    expect(templates).toEqual(
      expect.arrayContaining([expect.objectContaining({ server: 'everything', uriTemplate: 'demo://resource/dynamic/text/{resourceId}', variables: ['resourceId'] })]),
    );
    const prompts = await hub.prompts();
    expect(prompts.find((p) => p.name === 'args-prompt')).toMatchObject({
      server: 'everything',
      arguments: [
        { name: 'city', required: true },
        { name: 'state', required: false },
      ],
    });
    expect(await hub.getPrompt('everything', 'args-prompt', { city: 'Paris', state: 'Texas' })).toBe("user: What's weather in Paris, Texas?");
    await expect(hub.getPrompt('everything', 'args-prompt', { state: 'Texas' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'The prompt args-prompt of the MCP server everything needs the argument city: mention it as @"mcp:everything:args-prompt city=… state=Texas".',
    });
  });

  it('server-everything: a resource link a tool answers says how to read it, and reads', async () => {
    const { hub } = await hubWith({ everything: EVERYTHING });
    await hub.start();
    await hub.settled(30_000);
    const answer = await text(hub.call('mcp__everything__get-resource-links', { count: 2 }));
    const links = [...answer.matchAll(/\[resource link (\S+) \(([^)]*)\); read it with read_mcp_resource (\{[^\]]+\})\]/g)];
    expect(links).toHaveLength(2);
    const [blobLink, textLink] = links;
    expect(textLink[2]).toMatch(/^Text Resource 2/);
    expect(JSON.parse(textLink[3])).toEqual({ server: 'everything', uri: textLink[1] });
    expect(await hub.readResource('everything', textLink[1])).toMatch(/Resource 2/);
    // A blob of a text type is read as text.
    expect(blobLink[2]).toMatch(/^Blob Resource 1/);
    expect(await hub.readResource('everything', blobLink[1])).toMatch(/Resource 1/);
  });

  it('an @mcp: mention made while its server starts waits for it (prompt with arguments, template with its variables)', async () => {
    const { hub, root } = await hubWith({ everything: EVERYTHING });
    const context = createProjectContext({ root, dataDir: root, git: null, checkpoints: null, diagnostics: null, formatDiagnostics: () => '', mcp: hub });
    void hub.start();
    // No wait for the server: the mention waits (before issue 24 it failed with "the server is starting").
    const attachments = await context.resolve(
      'see @"mcp:everything:args-prompt city=New York state=NY" and @"mcp:everything:demo://resource/dynamic/text/{resourceId} resourceId=7" and @"mcp:everything:args-prompt state=NY"',
    );
    expect(attachments.map((a) => [a.title, a.error])).toEqual([
      ['prompt args-prompt (city=New York, state=NY) of MCP server everything', null],
      ['demo://resource/dynamic/text/7 (MCP server everything)', null],
      ['@mcp:everything:args-prompt state=NY', expect.stringContaining('needs the argument city: mention it as @"mcp:everything:args-prompt city=… state=NY"')],
    ]);
    expect(attachments[0].content).toContain("What's weather in New York, NY?");
    expect(attachments[1].content).toMatch(/Resource 7/);
    expect(attachments[2].errorWords).toMatchObject({ key: 'mcp.promptMissingArgs' });
  });
});
