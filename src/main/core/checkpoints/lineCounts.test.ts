import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeEnv } from './gitProcess';
import { numstatOf } from './lineCounts';
import { makeEnv, type TestEnv } from '../../../testing/checkpointWorkspace';

/** Line counts computed with a snapshot must be git's, whenever they are computed at all. */

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'akira-numstat-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `git diff --no-index --numstat` of two contents (null: the file does not exist). */
function gitNumstat(old: Buffer | null, now: Buffer | null): { insertions: number | null; deletions: number | null } {
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  rmSync(a, { force: true });
  rmSync(b, { force: true });
  if (old) writeFileSync(a, old);
  if (now) writeFileSync(b, now);
  let out = '';
  try {
    out = execFileSync('git', ['diff', '--no-index', '--numstat', old ? a : '/dev/null', now ? b : '/dev/null'], { env: storeEnv(), encoding: 'utf8' });
  } catch (err) {
    out = (err as { stdout: string }).stdout; // exit code 1: there were differences
  }
  const [ins, del] = out.split('\t');
  if (ins === undefined || ins === '') return { insertions: 0, deletions: 0 };
  return { insertions: ins === '-' ? null : Number(ins), deletions: del === '-' ? null : Number(del) };
}

const line = fc.constantFrom('a\n', 'b\n', 'c\n', '}\n', '\n', 'x', 'only once\n', 'tail');
const text = fc.array(line, { maxLength: 12 }).map((ls) => Buffer.from(ls.join('')));
const content = fc.oneof({ arbitrary: text, weight: 8 }, { arbitrary: fc.uint8Array({ maxLength: 20 }).map((u) => Buffer.from(u)), weight: 1 });

describe('line counts', () => {
  it('answers only what git answers (random pairs, added, deleted, binary)', () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.option(content, { nil: null }), fc.option(content, { nil: null }), (old, now) => {
        if (!old && !now) return;
        const mine = numstatOf(old, now);
        if (mine === undefined) return;
        answered++;
        expect(mine).toEqual(gitNumstat(old, now));
      }),
      { numRuns: 150 },
    );
    expect(answered).toBeGreaterThan(30); // the simple cases are common, not a corner
  });

  it('answers appends, single-line changes and a final newline added', () => {
    const cases: [string, string, number, number][] = [
      ['a\nb\n', 'a\nb\nc\n', 1, 0],
      ['a\nb\nc\n', 'a\nB\nc\n', 1, 1],
      ['a', 'a\n', 1, 1],
      ['', 'a\nb', 2, 0],
    ];
    for (const [a, b, ins, del] of cases) {
      expect(numstatOf(Buffer.from(a), Buffer.from(b))).toEqual({ insertions: ins, deletions: del });
      expect(gitNumstat(Buffer.from(a), Buffer.from(b))).toEqual({ insertions: ins, deletions: del });
    }
    expect(numstatOf(Buffer.from('a\n}\nb\n'), Buffer.from('c\n}\nd\n'))).toBeUndefined(); // a shared line: git decides
  });
});

describe('checkpoint records', () => {
  let env: TestEnv | null = null;
  afterEach(async () => {
    await env?.cleanup();
    env = null;
  });

  it('count the same lines as git for every kind of change', async () => {
    env = await makeEnv({ 'a.txt': 'one\ntwo\n', 'b.txt': 'x\n}\ny\n', 'c.bin': 'z', 'gone.txt': 'g1\ng2\n', 'mode.sh': 'echo\n' });
    await env.service.create({ label: 'base' });
    const steps: (() => Promise<void>)[] = [
      () => env!.write('a.txt', 'one\ntwo\nthree\n'), // append: counted with the snapshot
      () => env!.write('b.txt', 'X\n}\nY\n'), // a shared line: git counts
      () => env!.write('c.bin', Buffer.from([0, 1, 2])), // binary
      () => unlink(join(env!.root, 'gone.txt')), // deletion
      () => env!.write('new.txt', 'n1\nn2\nn3'), // addition without a final newline
      () => chmod(join(env!.root, 'mode.sh'), 0o755), // mode only
      async () => {
        await env!.write('a.txt', 'ONE\n');
        await writeFile(join(env!.root, 'b.txt'), 'x\n');
      },
    ];
    for (const step of steps) {
      await step();
      const cp = await env.service.create({ label: 'step' });
      const details = await env.service.get(cp.id); // git's numstat
      const ins = details.files.reduce((n, f) => n + (f.insertions ?? 0), 0);
      const del = details.files.reduce((n, f) => n + (f.deletions ?? 0), 0);
      expect({ files: cp.filesChanged, ins: cp.insertions, del: cp.deletions }).toEqual({ files: details.files.length, ins, del });
    }
  });
});
