import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { waitFor } from '../../../../testing/waitFor';

// Issue 30, part 1: the first step does not wait for the first checkpoint. The plan call runs while the snapshot is
// taken; whatever may change a file waits for it, so every change still lands after a checkpoint.
//
// The snapshot is held deterministically: `git` on the PATH is a wrapper around the real one that, once the test arms
// it, holds every git call on the checkpoint store (its --git-dir is under Akira's data folder) until the test releases it.

let kit: AgentKit | null = null;
let gate: string | null = null;
const pathBefore = process.env.PATH;
afterEach(async () => {
  if (gate) writeFileSync(join(gate, 'released'), '');
  await kit?.close();
  kit = null;
  process.env.PATH = pathBefore;
  if (gate) rmSync(gate, { recursive: true, force: true });
  gate = null;
});

/** A `git` wrapper in a folder of its own, put first on the PATH; `arm(dataDir)` starts holding store calls, `release()` lets them go. */
function gatedGit() {
  const dir = mkdtempSync(join(tmpdir(), 'akira-git-gate-'));
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const script = `#!/bin/sh
if [ -e "${dir}/armed" ]; then
  data=$(cat "${dir}/armed")
  for a in "$@"; do
    case "$a" in
      --git-dir="$data"*)
        : > "${dir}/held"
        while [ ! -e "${dir}/released" ]; do sleep 0.02; done ;;
    esac
  done
fi
exec "${realGit}" "$@"
`;
  writeFileSync(join(dir, 'git'), script);
  chmodSync(join(dir, 'git'), 0o755);
  process.env.PATH = `${dir}${delimiter}${pathBefore ?? ''}`;
  return {
    dir,
    arm: (dataDir: string) => writeFileSync(join(dir, 'armed'), dataDir),
    held: () => existsSync(join(dir, 'held')),
    release: () => writeFileSync(join(dir, 'released'), ''),
  };
}

const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });

describe('the first checkpoint (issue 30)', () => {
  it('the plan call runs while it is taken; the first write waits for it and lands in a later checkpoint', { timeout: 60_000 }, async () => {
    const git = gatedGit();
    gate = git.dir;
    kit = await startAgentKit({ files: { 'a.txt': 'one\n' }, settings: { agent: { policy: { autoApprove: { write: true } } } } });
    git.arm(kit.dataDir);
    let checkpointsAtPlan = -1;
    let heldAtPlan = false;
    let checkpointsAtWork = -1;
    kit.server.enqueue(
      () => {
        // The plan call: the snapshot is still held, no checkpoint is logged.
        heldAtPlan = git.held();
        checkpointsAtPlan = kit!.ofType('checkpoint_taken').length;
        return plan('t1');
      },
      () => {
        checkpointsAtWork = kit!.ofType('checkpoint_taken').length;
        return reply.toolCall('write_file', { path: 'b.txt', content: 'two\n' });
      },
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'b.txt written' }),
      verdict('t1'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'write b.txt' });
    // The plan call is answered while the snapshot is held.
    await waitFor(() => kit!.server.requests.length === 1 && kit!.server.pending() === 4 && git.held(), 'the plan call answered while the snapshot is held');
    expect(heldAtPlan).toBe(true);
    expect(checkpointsAtPlan).toBe(0);
    // While the snapshot is held, the TODO's work does not start: no tool call, no file written, and the plan is
    // logged only after the checkpoint (a rewind to the start of the session goes back before it).
    expect(kit.ofType('tool_call_started').filter((e) => e.sessionId === sessionId)).toEqual([]);
    expect(kit.ofType('plan_proposed').filter((e) => e.sessionId === sessionId)).toEqual([]);
    expect(existsSync(join(kit.root, 'b.txt'))).toBe(false);

    git.release();
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    // The work started after the first checkpoint (the session's, then the TODO's baseline).
    expect(checkpointsAtWork).toBeGreaterThanOrEqual(1);
    const taken = kit.ofType('checkpoint_taken').filter((e) => e.sessionId === sessionId);
    expect(taken[0].label).toBe('start of the session');
    const planned = kit.ofType('plan_proposed').find((e) => e.sessionId === sessionId)!;
    expect(taken[0].seq!).toBeLessThan(planned.seq!);
    // The first checkpoint has the tree as it was; b.txt is in a later one.
    const first = await kit.call('checkpoints.fileAt', { checkpointId: taken[0].checkpointId, path: 'b.txt' });
    expect(first.exists).toBe(false);
    expect((await kit.call('checkpoints.fileAt', { checkpointId: taken[0].checkpointId, path: 'a.txt' })).text).toBe('one\n');
    const last = await kit.call('checkpoints.fileAt', { checkpointId: taken.at(-1)!.checkpointId, path: 'b.txt' });
    expect(last.text).toBe('two\n');
  });
});
