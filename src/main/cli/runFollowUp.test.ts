import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

// The real built `akira run --resume ID --task "…"` (issue 25): a follow-up on a completed session runs it again as
// round 2 of the same session, with the first round's work in the follow-up's first model call.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished, sessionDir } = kit;
const plan = (id: string, description: string) => reply.toolCall('todo_write', { todos: [{ id, description, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'looks right', confidence: 0.9 });
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);

describe('akira run --resume ID --task (built)', () => {
  it('continues a completed session with a follow-up: exit 0, one session folder, round 1 in the first call', { timeout: 60_000 }, async () => {
    const ws = await workspace({ 'README.md': '# f\n' }, { agent: { mode: 'autonomous' } });
    kit.server.enqueue(
      plan('greet', 'Write greet.js printing hello'),
      reply.toolCall('write_file', { path: 'greet.js', content: "console.log('hello');\n" }),
      reply.toolCall('update_todo', { id: 'greet', status: 'done', result: 'greet.js prints hello' }),
      verdict('greet'),
      verdict('task'),
    );
    const first = akiraRun(ws, ['--task', 'add a greeting script', '--yes', '--json']);
    expect(await finished(first)).toBe(0);
    const { id, dir } = await sessionDir(ws.root);

    const before = kit.server.chatRequests().length;
    kit.server.enqueue(
      plan('name', 'Make greet.js greet by name'),
      reply.toolCall('write_file', { path: 'greet.js', content: "console.log('hello ' + (process.argv[2] ?? 'you'));\n" }),
      reply.toolCall('update_todo', { id: 'name', status: 'done', result: 'greet.js takes a name' }),
      verdict('name'),
      verdict('task'),
    );
    const second = akiraRun(ws, ['--resume', id, '--task', 'now greet by name', '--yes', '--json']);
    const code = await finished(second);
    expect(code, second.stderr()).toBe(0);
    // The follow-up's first call names the first round's work.
    const firstCall = sent(kit.server.chatRequests()[before]);
    for (const piece of ['now greet by name', 'add a greeting script', 'Write greet.js printing hello', 'greet.js prints hello', 'Files changed: greet.js', 'Summary: 1 TODO done']) {
      expect(firstCall).toContain(piece);
    }
    expect(await readdir(join(ws.root, '.akira', 'sessions'))).toEqual([id]);
    expect(second.events().find((e) => e.type === 'round_started')).toMatchObject({ sessionId: id, round: 2, task: 'now greet by name' });
    const doc = await readFile(join(dir, 'session.md'), 'utf8');
    expect(doc).toMatch(/status: completed/);
    expect(doc).toContain('## Round 2: task');
    expect(await readFile(join(ws.root, 'greet.js'), 'utf8')).toContain('process.argv[2]');
  });
});
