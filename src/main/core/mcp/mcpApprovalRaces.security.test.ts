import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { expectQuietFor, waitFor } from '../../../testing/waitFor';
import { createMcpApprovals, type McpApprovals } from './mcpApprovals';
import { fingerprintOf, type McpServerConfig } from './mcpConfig';
import { createMcpHub, type McpHub } from './mcpHub';

// Issue 26, item 3: an approval of a project's MCP server covers that exact configuration, at every start. An outside
// probe saw a changed command line of an approved project server started 11 times after Reload, once after mcp.approve
// had answered 409: a start decided for one configuration ran another that came in meanwhile, and the crash restarts
// never looked at the approvals again. Real MCP server processes; each start is recorded in a marker file. The
// interleavings are made certain by holding one call of the real approvals store until the other step is done.

const STDIO = fileURLToPath(new URL('../../../testing/mcp/stdioServer.mjs', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The real approvals, with one call of `method` for `fingerprint` held until released. */
function heldApprovals(real: McpApprovals) {
  let hold: { method: 'isApproved' | 'approve'; fingerprint: string; reached: () => void; release: Promise<void> } | null = null;
  const wait = async (method: 'isApproved' | 'approve', fingerprint: string) => {
    const h = hold;
    if (h && h.method === method && h.fingerprint === fingerprint) {
      hold = null;
      h.reached();
      await h.release;
    }
  };
  const approvals: McpApprovals = {
    isApproved: async (root, name, fingerprint) => (await wait('isApproved', fingerprint), real.isApproved(root, name, fingerprint)),
    approve: async (root, name, fingerprint) => (await wait('approve', fingerprint), real.approve(root, name, fingerprint)),
    revoke: (root, name) => real.revoke(root, name),
    names: (root) => real.names(root),
  };
  return {
    approvals,
    /** Holds the next `method` call for `fingerprint`: `reached` resolves when it is held, `release()` lets it go on. */
    holdNext(method: 'isApproved' | 'approve', fingerprint: string) {
      let reached!: () => void;
      let release!: () => void;
      const isReached = new Promise<void>((r) => (reached = r));
      hold = { method, fingerprint, reached, release: new Promise<void>((r) => (release = r)) };
      return { reached: isReached, release: () => release() };
    },
  };
}

async function setup() {
  const ws = await tempDir('akira-mcp-race-ws-');
  const data = await tempDir('akira-mcp-race-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  const marks = join(data.dir, 'starts.txt');
  // The approved server; the changed one has another name in its command line and crashes at once (a restart loop).
  const before: McpServerConfig = { command: process.execPath, args: [STDIO, '--name', 'approved', '--mark', marks] };
  const after: McpServerConfig = { command: process.execPath, args: [STDIO, '--name', 'changed', '--mark', marks, '--exit'] };
  await mkdir(join(ws.dir, '.akira'), { recursive: true });
  const propose = (config: McpServerConfig) => writeFile(join(ws.dir, '.akira/mcp.json'), JSON.stringify({ mcpServers: { p: config } }));
  await propose(before);
  const real = createMcpApprovals(data.dir);
  const held = heldApprovals(real);
  const hub = createMcpHub({ root: ws.dir, dataDir: data.dir, approvals: held.approvals, backoffMs: [50, 100, 200], initTimeoutMs: 10_000 });
  cleanups.push(() => hub.dispose());
  await hub.start();
  const starts = () => (existsSync(marks) ? readFileSync(marks, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' ')[0]) : []);
  const changedStarted = () => starts().includes('changed') && `the changed command ran ${starts().filter((s) => s === 'changed').length} time(s)`;
  return { hub, root: ws.dir, real, held, before, after, propose, starts, changedStarted };
}

const server = (hub: McpHub) => hub.list().find((s) => s.name === 'p')!;

describe('MCP: an approval covers its exact configuration at every start (issue 26)', () => {
  it('a reload that decided to start the approved configuration does not start the changed one another reload brought in', async () => {
    const { hub, root, real, held, before, after, propose, starts, changedStarted } = await setup();
    expect(server(hub).state).toBe('awaiting_approval');
    // Approved elsewhere (another window): this hub still shows it waiting, so the next reload starts it.
    await real.approve(root, 'p', fingerprintOf(before));
    const asked = held.holdNext('isApproved', fingerprintOf(before));
    const first = hub.reload();
    await asked.reached;
    // While the first reload reads the approvals, the project changes the command line and a second reload runs.
    await propose(after);
    await hub.reload();
    expect(server(hub)).toMatchObject({ state: 'awaiting_approval', fingerprint: fingerprintOf(after) });
    asked.release();
    await first;
    await expectQuietFor(1500, changedStarted);
    expect(server(hub).state).toBe('awaiting_approval');
    expect(server(hub).errorWords?.key).toBe('mcp.awaitingApproval');
    // Approved for its own fingerprint, it runs (the marker file does record its starts).
    await hub.approve('p', fingerprintOf(after));
    await waitFor(() => starts().includes('changed'), 'the changed command, once approved', 20_000);
  });

  it('an approval given just before a reload does not start the configuration the reload brought in, nor do its restarts; a stale fingerprint is refused', async () => {
    const { hub, held, before, after, propose, starts, changedStarted } = await setup();
    const approving = held.holdNext('approve', fingerprintOf(before));
    const approval = hub.approve('p', fingerprintOf(before));
    await approving.reached;
    await propose(after);
    await hub.reload();
    approving.release();
    await approval;
    await expectQuietFor(1500, changedStarted);
    expect(server(hub)).toMatchObject({ state: 'awaiting_approval', fingerprint: fingerprintOf(after) });
    // The person saw the old configuration: their approval is refused, and nothing starts.
    await expect(hub.approve('p', fingerprintOf(before))).rejects.toMatchObject({ code: 'conflict' });
    await expectQuietFor(500, changedStarted);
    expect(starts()).not.toContain('approved');
  });

  it('a crashed server is not restarted once its approval is gone', async () => {
    const { hub, root, real, before, starts } = await setup();
    await hub.approve('p', fingerprintOf(before));
    await waitFor(() => server(hub).state === 'ready', 'the approved server', 20_000);
    expect(starts()).toEqual(['approved']);
    // Withdrawn elsewhere (another window), then the server crashes: the restart asks the approvals again.
    await real.revoke(root, 'p');
    await expect(hub.call('mcp__p__crash', {})).rejects.toMatchObject({ code: 'unavailable' });
    await waitFor(() => server(hub).state === 'awaiting_approval', 'the server waiting for approval', 20_000);
    await expectQuietFor(1000, () => starts().length > 1 && `it was started again: ${starts().join(', ')}`);
    expect(server(hub).errorWords?.key).toBe('mcp.awaitingApproval');
  });
});
