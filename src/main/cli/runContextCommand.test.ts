import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../testing/openaiTestServer';
import { useAkiraRunKit } from '../../testing/akiraRunKit';

// Project context through the real built `akira run` against the scripted model server (issue 11): the
// first request carries the rules files and what the task's @-mentions attached; --image sends a screenshot
// to a model set up for images; bad --image input is exit 2 with a clear message before anything starts.

const kit = useAkiraRunKit();
const { workspace, akiraRun, finished } = kit;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const done = [
  reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'look', expectedResult: 'looked' }] }),
  reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'looked' }),
  reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
  reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
];

describe('akira run with project context (built)', () => {
  it('sends the rules and the mentioned file in the first request, and a screenshot to a vision model', async () => {
    const ws = await workspace(
      { 'AGENTS.md': 'RULE-FROM-AGENTS-MD: answer in haiku.', '.cursorrules': 'RULE-FROM-CURSOR', 'src/util.ts': 'export const WIDGET_LIMIT = 7;\n' },
      { agent: { mode: 'autonomous' }, models: { 'test-model': { vision: true } } },
    );
    await writeFile(join(ws.outside, 'shot.png'), PNG);
    kit.server.enqueue(...done);
    const run = akiraRun(ws, ['--task', 'Explain @src/util.ts', '--image', join(ws.outside, 'shot.png'), '--yes', '--json']);
    expect(await finished(run)).toBe(0);
    const first = kit.server.requests[0];
    const system = String((first.body.messages as { content: string }[])[0].content);
    expect(system).toContain('RULE-FROM-AGENTS-MD: answer in haiku.');
    expect(system).toContain('RULE-FROM-CURSOR');
    expect(sent(first)).toContain('export const WIDGET_LIMIT = 7;');
    expect(sent(first)).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    const events = run.events();
    expect(events.find((e) => e.type === 'rules_loaded')?.files.map((f: { path: string }) => f.path)).toEqual(['AGENTS.md', '.cursorrules']);
    expect(events.find((e) => e.type === 'context_attached')).toMatchObject({ attachments: [{ ref: 'src/util.ts', error: null }], images: [{ name: 'shot.png', mediaType: 'image/png' }] });
  });

  it('answers bad --image input with exit 2 and says why', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, { agent: { mode: 'autonomous' } });
    await writeFile(join(ws.outside, 'shot.png'), PNG);
    await writeFile(join(ws.outside, 'notes.txt'), 'x');
    const before = kit.server.requests.length;
    const cases: [string[], RegExp][] = [
      [['--task', 'x', '--image', join(ws.outside, 'missing.png')], /--image .*missing\.png: no such file/],
      [['--task', 'x', '--image', join(ws.outside, 'notes.txt')], /not a PNG, JPEG, GIF or WebP file/],
      [['--tasks', 'tasks.md', '--image', join(ws.outside, 'shot.png')], /--image goes with --task/],
      [['--task', 'x', '--image', join(ws.outside, 'shot.png')], /test-model is not set up for images/],
    ];
    for (const [args, message] of cases) {
      const run = akiraRun(ws, args);
      expect(await finished(run)).toBe(2);
      expect(run.stderr()).toMatch(message);
    }
    expect(kit.server.requests).toHaveLength(before);
  }, 90_000); // four runs of the built command, each a few seconds on a loaded machine
});
