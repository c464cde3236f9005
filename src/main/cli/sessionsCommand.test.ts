import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as nodePty from 'node-pty';
import { describe, expect, it } from 'vitest';
import { useAkiraRunKit, type RunWorkspace } from '../../testing/akiraRunKit';
import { binPath, execBuilt, terminalEnv } from '../../testing/builtCli';
import { gitCli, initRepoWithCommit } from '../../testing/gitCli';
import { reply, type RecordedRequest, type ScriptedReply } from '../../testing/openaiTestServer';
import { waitFor } from '../../testing/waitFor';

// `akira run --worktree` and `akira sessions list|show|merge|discard` through the real built CLI (bin/akira.cjs),
// the model the scripted server of akiraRunKit, the workspace a real git repository. Sessions run side by side in
// separate processes, so the scripted model answers by what each request asks, not by arrival order.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished } = kit;
const autonomous = { agent: { mode: 'autonomous' } };

interface Msg {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
const textOf = (req: RecordedRequest) =>
  ((req.body.messages ?? []) as Msg[])
    .filter((m) => m.role !== 'assistant' && m.role !== 'tool')
    .map((m) => m.content ?? '')
    .join('\n');
const calledTools = (req: RecordedRequest) => ((req.body.messages ?? []) as Msg[]).flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.name));

/** What each session does: its TODO id is its key, its task names the key, it writes one file. */
interface Job {
  key: string;
  path: string;
  content: string;
}
const task = (job: Job) => `Job ${job.key}: write ${job.path}`;

/**
 * One reply of a scripted model serving several sessions at once: the plan (by the key in the task), the TODO's
 * write then update_todo (by the CURRENT TODO and what it already called), the reviews (approved).
 * A session takes 5 requests: plan, write, update_todo, review of the TODO, final review.
 */
function scriptedModel(jobs: Job[]) {
  return (req: RecordedRequest): ScriptedReply => {
    const text = textOf(req);
    const forced: string | undefined = req.body.tool_choice?.function?.name;
    if (forced === 'verify_todo') {
      const id = /call verify_todo with todoId "([^"]+)"/.exec(text)?.[1] ?? 'task';
      return reply.toolCall('verify_todo', { todoId: id, approved: true, feedback: 'done as asked', confidence: 0.9 });
    }
    const current = /## CURRENT TODO (\S+) /.exec(text)?.[1];
    if (!current) {
      const job = jobs.find((j) => text.includes(task(j)));
      if (!job || !/Write the plan now with todo_write/.test(text)) throw new Error(`the scripted model cannot tell what request #${req.index} asks`);
      return reply.toolCall('todo_write', { todos: [{ id: job.key, description: `Write ${job.path}`, expectedResult: `${job.path} exists` }] });
    }
    const job = jobs.find((j) => j.key === current);
    if (!job) throw new Error(`no job for TODO ${current}`);
    if (!calledTools(req).includes('write_file')) return reply.toolCall('write_file', { path: job.path, content: job.content });
    return reply.toolCall('update_todo', { id: job.key, status: 'done', result: `wrote ${job.path}` });
  };
}
function enqueueSessions(jobs: Job[], sessions = jobs.length): void {
  const model = scriptedModel(jobs);
  for (let i = 0; i < sessions * 5; i++) kit.server.enqueue(model);
}

const sessions = (ws: RunWorkspace, ...args: string[]) => execBuilt('akira.cjs', ['sessions', ...args, '--workspace', ws.root], { cwd: ws.outside, env: { AKIRA_DATA_DIR: ws.dataDir } });
const git = (ws: RunWorkspace, ...args: string[]) => gitCli(ws.root, ...args);

/** `akira sessions …` on a terminal (a pty): waits for the [y/N] question, answers it, returns the exit code and output. */
async function askOnTerminal(ws: RunWorkspace, args: string[], answer: string): Promise<{ code: number; output: string }> {
  const term = nodePty.spawn(process.execPath, [binPath('akira.cjs'), 'sessions', ...args, '--workspace', ws.root], {
    cwd: ws.outside,
    env: terminalEnv({ AKIRA_DATA_DIR: ws.dataDir }),
    cols: 200,
    rows: 30,
  });
  let output = '';
  term.onData((d) => (output += d));
  const exited = new Promise<number>((r) => term.onExit(({ exitCode }) => r(exitCode)));
  await waitFor(() => output.includes('[y/N]'), `the question (got: ${output})`, 15_000);
  term.write(`${answer}\r`);
  return { code: await exited, output: output.replace(/\r\n/g, '\n') };
}

/** Every file of the user's tree but .git and Akira's own .akira, with its bytes. */
async function userFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (rel === '.git' || rel === '.akira') continue;
      if (entry.isDirectory()) await walk(path);
      else out[rel] = (await readFile(path)).toString('base64');
    }
  }
  await walk(root);
  return out;
}

/** A git repository with one commit (Akira's session logs ignored, as a project that uses Akira would). */
async function repoWorkspace(files: Record<string, string>): Promise<RunWorkspace> {
  const ws = await workspace({ '.gitignore': '.akira/\n', ...files }, autonomous);
  initRepoWithCommit(ws.root);
  return ws;
}

const ALPHA: Job = { key: 'alpha', path: 'alpha.txt', content: 'alpha\n' };
const BETA: Job = { key: 'beta', path: 'beta.txt', content: 'beta\n' };
const GAMMA: Job = { key: 'gamma', path: 'shared.txt', content: 'changed by the session\nline 2\n' };

describe('akira run --worktree and akira sessions (built)', () => {
  it('two worktree sessions at once leave the user tree alone; both merge; a real conflict changes nothing; discard leaves no trace', async () => {
    const ws = await repoWorkspace({ 'shared.txt': 'line 1\nline 2\n', 'src/app.js': 'console.log(1);\n' });
    const head = git(ws, 'rev-parse', 'HEAD').trim();
    const before = await userFiles(ws.root);

    // Two sessions in two processes at the same time.
    enqueueSessions([ALPHA, BETA]);
    const a = akiraRun(ws, ['--task', task(ALPHA), '--worktree', '--yes', '--json']);
    const b = akiraRun(ws, ['--task', task(BETA), '--worktree', '--yes', '--json']);
    const [codeA, codeB] = await Promise.all([finished(a), finished(b)]);
    expect(codeA, a.stderr()).toBe(0);
    expect(codeB, b.stderr()).toBe(0);
    const idA: string = a.events()[0].sessionId;
    const idB: string = b.events()[0].sessionId;
    const branchA = `akira/${idA.slice(0, 8)}`;
    const branchB = `akira/${idB.slice(0, 8)}`;
    // They ran at the same time: each started before the other ended.
    const span = (events: { type: string; ts?: string }[]) => [events.find((e) => e.type === 'session_started')!.ts!, events.find((e) => e.type === 'session_completed')!.ts!].map(Date.parse);
    const [[startA, endA], [startB, endB]] = [span(a.events()), span(b.events())];
    expect(Math.max(startA, startB)).toBeLessThan(Math.min(endA, endB));

    // The user's tree, index and branch: untouched.
    expect(git(ws, 'status', '--porcelain')).toBe('');
    expect(await userFiles(ws.root)).toEqual(before);
    expect(git(ws, 'rev-parse', 'HEAD').trim()).toBe(head);
    // Each branch holds its session's change (and only its own).
    expect(git(ws, 'show', `${branchA}:alpha.txt`)).toBe('alpha\n');
    expect(git(ws, 'show', `${branchB}:beta.txt`)).toBe('beta\n');
    expect(() => git(ws, 'show', `${branchA}:beta.txt`)).toThrow();

    // list --json: agent.list's answer, both sessions with their branches.
    const list = await sessions(ws, 'list', '--json');
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout).sessions as { sessionId: string; status: string; worktree: { branch: string; state: string } | null }[];
    expect(listed.map((s) => s.sessionId).sort()).toEqual([idA, idB].sort());
    for (const [id, branch] of [[idA, branchA], [idB, branchB]]) {
      expect(listed.find((s) => s.sessionId === id)).toMatchObject({ status: 'completed', worktree: { branch, state: 'active' } });
    }

    // Readable list and show.
    const text = await sessions(ws, 'list');
    expect(text.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+TREE\s+TODOS\s+TOKENS\s+TASK$/);
    expect(text.stdout).toMatch(new RegExp(`^${idA.slice(0, 8)}  completed  worktree ${branchA}  1/1 +\\S+ +Job alpha: write alpha\\.txt$`, 'm'));
    const show = await sessions(ws, 'show', idA.slice(0, 8));
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(`Session ${idA}\n  Task:     Job alpha: write alpha.txt\n`);
    expect(show.stdout).toMatch(new RegExp(`  Tree:     worktree ${branchA}, from main, at .+\\n`));
    expect(show.stdout).toContain('TODOs (1/1 done):\n  done  alpha  Write alpha.txt\n');
    expect(show.stdout).toContain(`Changes on ${branchA} against its base: 1 file, +1 -0\n  A  alpha.txt  +1 -0\n`);
    expect(show.stdout).toContain(`Merge it: akira sessions merge ${idA.slice(0, 8)} --workspace ${ws.root}\n`);
    const showJson = JSON.parse((await sessions(ws, 'show', idB, '--json')).stdout);
    expect(showJson).toMatchObject({ sessionId: idB, worktree: { branch: branchB }, diff: { branch: branchB, files: [{ path: 'beta.txt', status: 'added', after: 'beta\n' }] } });

    // merge without a terminal and without --yes: refused, nothing changed.
    const unasked = await sessions(ws, 'merge', idA.slice(0, 8));
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('pass --yes');
    expect(git(ws, 'rev-parse', 'HEAD').trim()).toBe(head);

    // On a terminal it asks: "n" cancels and changes nothing.
    const no = await askOnTerminal(ws, ['merge', idA.slice(0, 8)], 'n');
    expect(no.output).toContain(`Merge ${branchA} into main? [y/N]`);
    expect(no.code).toBe(1);
    expect(no.output).toContain('Merge cancelled; nothing was changed.');
    expect(git(ws, 'rev-parse', 'HEAD').trim()).toBe(head);

    // Both merge ("y" on a terminal, --yes without one): both files in the user's tree, two merge commits.
    const mergeA = await askOnTerminal(ws, ['merge', idA.slice(0, 8)], 'y');
    expect(mergeA.code, mergeA.output).toBe(0);
    expect(mergeA.output).toMatch(new RegExp(`^Merged ${branchA} into main: commit [0-9a-f]{7,40}\\.$`, 'm'));
    const mergeB = await sessions(ws, 'merge', idB, '--yes', '--json');
    expect(mergeB.code, mergeB.stderr).toBe(0);
    expect(JSON.parse(mergeB.stdout)).toMatchObject({ merged: true, alreadyMerged: false, conflicts: [], localChanges: [] });
    expect(await readFile(join(ws.root, 'alpha.txt'), 'utf8')).toBe('alpha\n');
    expect(await readFile(join(ws.root, 'beta.txt'), 'utf8')).toBe('beta\n');
    expect(git(ws, 'rev-list', '--merges', '--count', `${head}..HEAD`).trim()).toBe('2');
    expect(git(ws, 'status', '--porcelain')).toBe('');
    const afterMerge = JSON.parse((await sessions(ws, 'list', '--json')).stdout).sessions as typeof listed;
    expect(afterMerge.find((s) => s.sessionId === idA)?.worktree?.state).toBe('merged');
    expect((await sessions(ws, 'list')).stdout).toContain(`worktree ${branchA} (merged)`);

    // A third session edits the line the user then changes in a commit of their own: the merge is refused.
    enqueueSessions([GAMMA]);
    const c = akiraRun(ws, ['--task', task(GAMMA), '--worktree', '--yes']);
    expect(await finished(c), c.stderr()).toBe(0);
    const idC = /^Akira session (\S+)/m.exec(c.stdout())![1];
    const branchC = `akira/${idC.slice(0, 8)}`;
    // The readable run says where the work is and how to merge or discard it.
    expect(c.stdout()).toContain(`Its work is on branch ${branchC}, in the worktree `);
    expect(c.stdout()).toContain(`  Merge it into main:  akira sessions merge ${idC.slice(0, 8)} --workspace ${ws.root}\n`);
    expect(c.stdout()).toContain(`  Discard it:  akira sessions discard ${idC.slice(0, 8)} --workspace ${ws.root}\n`);
    expect(await readFile(join(ws.root, 'shared.txt'), 'utf8')).toBe('line 1\nline 2\n');
    await writeFile(join(ws.root, 'shared.txt'), 'changed by the user\nline 2\n');
    git(ws, 'commit', '-q', '-am', 'the user changes line 1');
    const userHead = git(ws, 'rev-parse', 'HEAD').trim();
    const beforeConflict = await userFiles(ws.root);

    const conflict = await sessions(ws, 'merge', idC.slice(0, 8), '--yes');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain(`Could not merge ${branchC}`);
    expect(conflict.stderr).toMatch(/Conflicts \(both sides changed this file\):\n {2}shared\.txt\n/);
    expect(conflict.stderr).toContain('Nothing was changed.');
    // Nothing half-merged.
    expect(existsSync(join(ws.root, '.git', 'MERGE_HEAD'))).toBe(false);
    expect(git(ws, 'status', '--porcelain')).toBe('');
    expect(git(ws, 'rev-parse', 'HEAD').trim()).toBe(userHead);
    expect(await userFiles(ws.root)).toEqual(beforeConflict);
    expect(git(ws, 'show', `${branchC}:shared.txt`)).toBe('changed by the session\nline 2\n');

    // discard: no worktree folder, branch or worktree entry left (the merged ones too).
    const pathC = (JSON.parse((await sessions(ws, 'show', idC, '--json')).stdout) as { worktree: { path: string } }).worktree.path;
    expect(existsSync(pathC)).toBe(true);
    const keep = await askOnTerminal(ws, ['discard', idC.slice(0, 8)], 'n');
    expect(keep.output).toContain(`Discard the worktree and branch ${branchC}? Its work is lost. [y/N]`);
    expect(keep.code).toBe(1);
    expect(existsSync(pathC)).toBe(true);
    const unaskedDiscard = await sessions(ws, 'discard', idC.slice(0, 8));
    expect(unaskedDiscard.code).toBe(2);
    expect(unaskedDiscard.stderr).toContain('discard needs confirmation: pass --yes');
    const discard = await sessions(ws, 'discard', idC.slice(0, 8), '--yes');
    expect(discard.code, discard.stderr).toBe(0);
    expect(discard.stdout).toContain(`Removed the worktree ${pathC} and the branch ${branchC}`);
    expect(existsSync(pathC)).toBe(false);
    expect(git(ws, 'branch', '--list', branchC)).toBe('');
    expect(git(ws, 'worktree', 'list', '--porcelain')).not.toContain(pathC);
    for (const id of [idA, idB]) expect((await sessions(ws, 'discard', id, '--yes')).code).toBe(0);
    expect(git(ws, 'branch', '--list', 'akira/*')).toBe('');
    expect(git(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(await readdir(join(ws.root, '.git', 'worktrees')).catch(() => [])).toEqual([]);
    expect(await userFiles(ws.root)).toEqual(beforeConflict);
    expect((await sessions(ws, 'list')).stdout).toContain(`worktree ${branchC} (discarded)`);
    const again = await sessions(ws, 'discard', idC, '--yes');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already discarded');
    const mergeDiscarded = await sessions(ws, 'merge', idC, '--yes');
    expect(mergeDiscarded.code).toBe(2);
  }, 180_000);

  it('akira run --tasks --worktree: the spec runs and is ticked on the branch, the user\'s tasks.md stays as it was', async () => {
    const tasksPath = '.specs/one/tasks.md';
    const tasksMd = '# Tasks\n\n- [ ] 1. Write `one.txt` holding 1\n';
    const ws = await repoWorkspace({ [tasksPath]: tasksMd });
    kit.server.enqueue(
      reply.toolCall('write_file', { path: 'one.txt', content: '1\n' }),
      reply.toolCall('update_todo', { id: '1', status: 'done', result: 'wrote one.txt' }),
      reply.toolCall('verify_todo', { todoId: '1', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const run = akiraRun(ws, ['--tasks', tasksPath, '--worktree', '--yes', '--json']);
    expect(await finished(run), run.stderr()).toBe(0);
    const branch = `akira/${(run.events()[0].sessionId as string).slice(0, 8)}`;
    expect(git(ws, 'show', `${branch}:${tasksPath}`)).toBe(tasksMd.replace('- [ ]', '- [x]'));
    expect(git(ws, 'show', `${branch}:one.txt`)).toBe('1\n');
    expect(await readFile(join(ws.root, tasksPath), 'utf8')).toBe(tasksMd);
    expect(existsSync(join(ws.root, 'one.txt'))).toBe(false);
    expect(git(ws, 'status', '--porcelain')).toBe('');
  }, 60_000);

  it('a worktree session killed mid-command (kill -9) shows as interrupted and --resume finishes it in its worktree', async () => {
    const ws = await repoWorkspace({ 'a.txt': 'a\n' });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'k', description: 'Write k1.txt and k2.txt', expectedResult: 'both exist' }] }),
      reply.toolCall('write_file', { path: 'k1.txt', content: '1\n' }),
      reply.toolCall('run_command', { command: 'sleep 30', timeoutSeconds: 60 }),
    );
    const first = akiraRun(ws, ['--task', 'write k1 and k2', '--worktree', '--yes', '--json']);
    await waitFor(() => first.events().some((e) => e.type === 'tool_call_started' && e.tool === 'run_command'), `the command to start (stderr: ${first.stderr()})`, 30_000);
    const id = first.events()[0].sessionId as string;
    await waitFor(async () => /status: running/.test(await readFile(join(ws.root, '.akira/sessions', id, 'session.md'), 'utf8')), 'session.md to say running', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await kit.holdersGone(ws.root);
    const listed = JSON.parse((await sessions(ws, 'list', '--json')).stdout).sessions[0];
    expect(listed).toMatchObject({ sessionId: id, status: 'interrupted', worktree: { state: 'active' } });
    kit.server.enqueue(
      reply.toolCall('write_file', { path: 'k2.txt', content: '2\n' }),
      reply.toolCall('update_todo', { id: 'k', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'k', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const second = akiraRun(ws, ['--resume', id, '--yes', '--json']);
    expect(await finished(second), second.stderr()).toBe(0);
    const branch = `akira/${id.slice(0, 8)}`;
    expect(git(ws, 'show', `${branch}:k1.txt`)).toBe('1\n');
    expect(git(ws, 'show', `${branch}:k2.txt`)).toBe('2\n');
    expect(existsSync(join(ws.root, 'k1.txt')) || existsSync(join(ws.root, 'k2.txt'))).toBe(false);
    expect(git(ws, 'status', '--porcelain')).toBe('');
  }, 90_000);

  it('bad input: --worktree outside a git repository or with --resume, unknown, short and ambiguous ids, a shared session', async () => {
    const ws = await workspace({ 'a.txt': 'a\n' }, autonomous);

    const noRepo = akiraRun(ws, ['--task', task(ALPHA), '--worktree', '--yes']);
    expect(await finished(noRepo)).toBe(2);
    expect(noRepo.stderr()).toMatch(/akira: --worktree is not possible here: .*git/i);
    expect(existsSync(join(ws.root, '.akira', 'sessions'))).toBe(false);

    const resume = akiraRun(ws, ['--resume', '1a2b3c4d-0000-4000-8000-000000000001', '--worktree']);
    expect(await finished(resume)).toBe(2);
    expect(resume.stderr()).toContain('--worktree cannot be used with --resume: a session keeps its tree');

    const empty = await sessions(ws, 'list');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe(`No sessions in ${ws.root} yet. Start one with \`akira run --task "…"\`.\n`);

    // A session in the shared tree.
    enqueueSessions([ALPHA]);
    const run = akiraRun(ws, ['--task', task(ALPHA), '--yes', '--json']);
    expect(await finished(run), run.stderr()).toBe(0);
    const id: string = run.events()[0].sessionId;
    expect(run.stdout()).not.toContain('Its work is on branch');
    const list = await sessions(ws, 'list');
    expect(list.stdout).toMatch(new RegExp(`^${id.slice(0, 8)}  completed  shared  1/1 +\\S+ +Job alpha: write alpha\\.txt$`, 'm'));
    const show = await sessions(ws, 'show', id);
    expect(show.stdout).toContain('  Tree:     shared (the workspace itself)\n');
    expect(show.stdout).not.toContain('Merge it');

    const merge = await sessions(ws, 'merge', id, '--yes');
    expect(merge.code).toBe(2);
    expect(merge.stderr).toContain("works in the workspace's own tree: there is no worktree to merge");
    const discard = await sessions(ws, 'discard', id.slice(0, 8), '--yes');
    expect(discard.code).toBe(2);

    const unknown = await sessions(ws, 'show', 'deadbeef');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No session "deadbeef" in this workspace. The newest sessions:\n');
    expect(unknown.stderr).toContain(`  ${id}  Job alpha: write alpha.txt\n`);
    const unknownJson = await sessions(ws, 'show', 'deadbeef', '--json');
    expect(JSON.parse(unknownJson.stdout)).toMatchObject({ error: { code: 'bad_request', candidates: [{ sessionId: id }] } });

    const short = await sessions(ws, 'show', id.slice(0, 6));
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    const noId = await sessions(ws, 'merge', '--yes');
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('sessions merge needs a session id');
    const badCommand = await sessions(ws, 'rebase', id);
    expect(badCommand.code).toBe(2);
    expect(badCommand.stderr).toContain('Unknown sessions command: rebase');

    // A second session whose id shares the first 8 characters: its folder copied under such an id.
    const twin = `${id.slice(0, 9)}${id[9] === 'f' ? 'e' : 'f'}${id.slice(10)}`;
    const sessionsDir = join(ws.root, '.akira', 'sessions');
    await cp(join(sessionsDir, id), join(sessionsDir, `${twin}.tmp`), { recursive: true });
    for (const name of await readdir(join(sessionsDir, `${twin}.tmp`))) {
      const file = join(sessionsDir, `${twin}.tmp`, name);
      await writeFile(file, (await readFile(file, 'utf8')).split(id).join(twin));
    }
    await rename(join(sessionsDir, `${twin}.tmp`), join(sessionsDir, twin));
    const ambiguous = await sessions(ws, 'show', id.slice(0, 8));
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`"${id.slice(0, 8)}" matches 2 sessions; give more characters:\n`);
    expect(ambiguous.stderr).toContain(`  ${id}  `);
    expect(ambiguous.stderr).toContain(`  ${twin}  `);
    expect((await sessions(ws, 'show', id.slice(0, 10))).code).toBe(0);
  }, 120_000);
});
