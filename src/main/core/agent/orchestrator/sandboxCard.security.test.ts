import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply } from '../../../../testing/openaiTestServer';
import { localServer, realSandbox } from '../../../../testing/sandboxKit';
import { SANDBOX_GRANTS_FILE } from '../../sandbox/sandboxGrants';

// The sandbox card (issue 26, "Telling the model and the user"): a command the OS sandbox blocked waits for the user,
// who allows what it blocked for the session, the workspace or everywhere (the command runs again, allowed), runs it
// once outside the sandbox, or keeps it blocked. Real bubblewrap, a real server on this machine's loopback, a write
// outside the workspace (under /var/tmp: the sandbox's /tmp is private).

const { skip } = await realSandbox();
if (skip) console.warn(`sandboxCard.security.test.ts skipped: ${skip}`);

let kit: AgentKit | null = null;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await kit?.close();
  kit = null;
  for (const c of cleanups.splice(0)) await c();
});

async function setUp() {
  const server = await localServer('LOCAL-SERVER-REACHED');
  cleanups.push(() => server.close());
  const outside = realpathSync(mkdtempSync(join('/var/tmp', 'akira-sbx-card-')));
  cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
  const planted = join(outside, 'planted.txt');
  const command = `curl -s --max-time 5 http://127.0.0.1:${server.port}/ ; echo note > ${planted}`;
  kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: { agent: { mode: 'autonomous' } } });
  return { server, outside, planted, command, kit };
}

const plan = (...ids: string[]) => reply.toolCall('todo_write', { todos: ids.map((id) => ({ id, description: `step ${id}`, expectedResult: 'done' })) });
const done = (id: string) => [
  reply.toolCall('update_todo', { id, status: 'done', result: 'done' }),
  reply.toolCall('verify_todo', { todoId: id, approved: true, feedback: 'ok', confidence: 0.9 }),
];
const finalVerdict = reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 });

/** The tool result the model read for the call that ran `command` (the request after it). */
function resultOf(k: AgentKit, needle: string): string {
  for (const r of k.server.chatRequests()) {
    const messages = (r.body as { messages: { role: string; content: unknown }[] }).messages;
    for (const m of messages) if (m.role === 'tool' && typeof m.content === 'string' && m.content.includes(needle)) return m.content;
  }
  return '';
}

describe.skipIf(skip)('the sandbox card (real bubblewrap)', () => {
  it('"allow for this session": the command runs again allowed, later commands of the session too, nothing is saved', async () => {
    const { server, planted, command, outside, kit: k } = await setUp();
    k.server.enqueue(plan('a'), reply.toolCall('run_command', { command }), reply.toolCall('run_command', { command: `curl -s --max-time 5 http://127.0.0.1:${server.port}/again` }), ...done('a'), finalVerdict);
    const { sessionId } = await k.call('agent.start', { task: 'reach the local server and leave a note' });
    const card = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox');
    expect(card.sandbox?.command).toBe(command);
    expect(card.sandbox?.blocked).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'network', host: '127.0.0.1', port: server.port }), { kind: 'write', path: planted }]));
    // A file that does not exist yet: its folder is what allowing grants.
    expect(card.sandbox?.grant).toEqual({ network: ['127.0.0.1'], allowWrite: [outside], allowRead: [] });
    expect(existsSync(planted)).toBe(false);
    const hitsBefore = server.hits();
    await k.call('agent.approve', { sessionId, changeId: String(card.changeId), sandbox: 'session' });
    await k.waitForEvent('session_completed');
    k.server.assertDone();
    expect(readFileSync(planted, 'utf8')).toBe('note\n');
    expect(server.hits()).toBe(hitsBefore + 2);
    // The model read the first run, the user's decision and the second run; the next command needed no card.
    const text = resultOf(k, 'ran again');
    expect(text).toMatch(/blocked by the sandbox: a connection to 127\.0\.0\.1/);
    expect(text).toContain('The user allowed what was blocked for this session and it ran again');
    expect(text.split('ran again')[1]).toContain('LOCAL-SERVER-REACHED');
    expect(k.ofType('approval_requested').filter((e) => e.kind === 'sandbox')).toHaveLength(1);
    expect(resultOf(k, '/again')).toContain('LOCAL-SERVER-REACHED');
    const reruns = k.ofType('command_finished').filter((e) => e.rerun);
    expect(reruns).toEqual([expect.objectContaining({ rerun: 'session', sandboxed: true, exitCode: 0 })]);
    expect(existsSync(join(k.dataDir, SANDBOX_GRANTS_FILE))).toBe(false);
    expect(JSON.parse(readFileSync(join(k.dataDir, 'settings.json'), 'utf8')).agent.sandbox).toBeUndefined();
  });

  it('"allow for this workspace": kept in the data folder, and the next session is not asked', async () => {
    const { planted, command, outside, kit: k } = await setUp();
    k.server.enqueue(plan('a'), reply.toolCall('run_command', { command }), ...done('a'), finalVerdict);
    const first = await k.call('agent.start', { task: 'leave a note' });
    const card = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox');
    await k.call('agent.approve', { sessionId: first.sessionId, changeId: String(card.changeId), sandbox: 'workspace' });
    await k.waitForEvent('session_completed');
    expect(readFileSync(planted, 'utf8')).toBe('note\n');
    const grants = JSON.parse(readFileSync(join(k.dataDir, SANDBOX_GRANTS_FILE), 'utf8'));
    expect(Object.keys(grants.workspaces[k.root]).sort()).toEqual([`allowWrite:${outside}`, 'network:127.0.0.1']);
    // Nothing in the workspace's own files, nor in the global settings.
    expect(JSON.parse(readFileSync(join(k.dataDir, 'settings.json'), 'utf8')).agent.sandbox).toBeUndefined();

    rmSync(planted);
    k.server.enqueue(plan('b'), reply.toolCall('run_command', { command: `${command}; echo second` }), ...done('b'), finalVerdict);
    await k.call('agent.start', { task: 'again' });
    await k.waitForEvent('session_completed', (e) => e.sessionId !== first.sessionId);
    k.server.assertDone();
    expect(k.ofType('approval_requested').filter((e) => e.kind === 'sandbox')).toHaveLength(1);
    expect(readFileSync(planted, 'utf8')).toBe('note\n');
    expect(resultOf(k, 'second')).toContain('LOCAL-SERVER-REACHED');

    // agent.sandbox lists them; one is taken back (an unknown one is a clear not_found, and nothing else changes).
    expect((await k.call('agent.sandbox', {})).grants).toEqual({ network: ['127.0.0.1'], allowWrite: [outside], allowRead: [] });
    const unknown = await k.fail('agent.revokeSandboxGrant', { kind: 'network', value: 'example.com' });
    expect(unknown).toMatchObject({ code: 'not_found', message: expect.stringContaining('example.com') });
    expect((await k.fail('agent.revokeSandboxGrant', { kind: 'everything' as never, value: 'x' })).code).toBe('bad_request');
    await k.call('agent.revokeSandboxGrant', { kind: 'network', value: '127.0.0.1' });
    expect((await k.call('agent.sandbox', {})).grants).toEqual({ network: [], allowWrite: [outside], allowRead: [] });
  });

  it('"allow everywhere" joins the global settings (the default domains kept); "keep blocked" tells the model and grants nothing', async () => {
    const { planted, command, outside, kit: k } = await setUp();
    const elsewhere = realpathSync(mkdtempSync(join('/var/tmp', 'akira-sbx-card-')));
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    k.server.enqueue(plan('a'), reply.toolCall('run_command', { command }), reply.toolCall('run_command', { command: `echo kept > ${elsewhere}/kept.txt` }), ...done('a'), finalVerdict);
    const { sessionId } = await k.call('agent.start', { task: 'leave notes' });
    const card = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox');
    await k.call('agent.approve', { sessionId, changeId: String(card.changeId), sandbox: 'global' });
    const second = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox' && e.changeId !== card.changeId);
    // Another folder: the global grant does not cover it.
    expect(second.sandbox?.grant).toEqual({ network: [], allowWrite: [elsewhere], allowRead: [] });
    await k.call('agent.reject', { sessionId, changeId: String(second.changeId), reason: 'not that one' });
    await k.waitForEvent('session_completed');
    k.server.assertDone();
    const settings = JSON.parse(readFileSync(join(k.dataDir, 'settings.json'), 'utf8'));
    expect(settings.agent.sandbox.network.allow).toEqual(expect.arrayContaining(['registry.npmjs.org', '127.0.0.1']));
    expect(settings.agent.sandbox.allowWrite).toEqual([outside]);
    expect(readFileSync(planted, 'utf8')).toBe('note\n');
    expect(existsSync(join(elsewhere, 'kept.txt'))).toBe(false);
    expect(resultOf(k, 'kept.txt')).toContain('[The user kept this blocked (not that one). Reach the goal inside the sandbox.]');
  });

  it('"run outside the sandbox" runs that one command bare; the next one is sandboxed again', async () => {
    const { planted, command, kit: k } = await setUp();
    k.server.enqueue(plan('a'), reply.toolCall('run_command', { command }), reply.toolCall('run_command', { command: `echo twice >> ${planted}` }), ...done('a'), finalVerdict);
    const { sessionId } = await k.call('agent.start', { task: 'leave a note' });
    const card = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox');
    await k.call('agent.approve', { sessionId, changeId: String(card.changeId), sandbox: 'outside' });
    const again = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox' && e.changeId !== card.changeId);
    expect(again.sandbox?.blocked).toEqual([{ kind: 'write', path: planted }]);
    await k.call('agent.reject', { sessionId, changeId: String(again.changeId), reason: 'enough' });
    await k.waitForEvent('session_completed');
    expect(readFileSync(planted, 'utf8')).toBe('note\n');
    expect(k.ofType('command_finished').find((e) => e.rerun)).toMatchObject({ rerun: 'outside', sandboxed: false });
    expect(resultOf(k, 'ran it once outside')).toContain('LOCAL-SERVER-REACHED');
  });

  it('answers bad input with a clear error and loses nothing: the card still waits', async () => {
    const { command, kit: k } = await setUp();
    k.server.enqueue(plan('a'), reply.toolCall('run_command', { command: 'echo x > /akira-test-nothing-to-allow; echo tried' }), reply.toolCall('run_command', { command }), ...done('a'), finalVerdict);
    const { sessionId } = await k.call('agent.start', { task: 'try' });
    // A new file in `/` would grant `/` itself, which is never granted: only "outside" or "keep blocked".
    const unresolved = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox');
    expect(unresolved.sandbox?.grant).toEqual({ network: [], allowWrite: [], allowRead: [] });
    const nothing = await k.fail('agent.approve', { sessionId, changeId: String(unresolved.changeId), sandbox: 'workspace' });
    expect(nothing).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Nothing the sandbox blocked here can be allowed') });
    expect((await k.fail('agent.approve', { sessionId, changeId: String(unresolved.changeId), alwaysAllow: true })).code).toBe('bad_request');
    expect((await k.fail('agent.approve', { sessionId, changeId: String(unresolved.changeId), content: 'x' })).code).toBe('bad_request');
    expect((await k.fail('agent.approve', { sessionId, changeId: String(unresolved.changeId), sandbox: 'nowhere' as never })).code).toBe('bad_request');
    expect((await k.call('agent.get', { sessionId })).approvals.map((a) => a.changeId)).toEqual([unresolved.changeId]);
    await k.call('agent.reject', { sessionId, changeId: String(unresolved.changeId), reason: 'no' });
    // `sandbox` on an approval that is not a sandbox card.
    const card = await k.waitForEvent('approval_requested', (e) => e.kind === 'sandbox' && e.changeId !== unresolved.changeId);
    await k.call('agent.approve', { sessionId, changeId: String(card.changeId) });
    await k.waitForEvent('session_completed');
    // A plain approval allows it for the session.
    expect(k.ofType('command_finished').find((e) => e.rerun)).toMatchObject({ rerun: 'session', exitCode: 0 });
  });
});
