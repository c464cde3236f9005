import fc from 'fast-check';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckpointService, type CheckpointService } from '../checkpoints/checkpointService';
import { makeRepo, userState, type RepoFixture } from './worktreesTestKit';

// Issue 10: "Checkpoints and restores of a worktree session touch only its worktree (property: the user's tree is
// byte-exact)". Random work in a worktree — files written, edited, deleted, folders made — with checkpoints taken
// and restored (whole or by path) through the checkpoint service rooted in the worktree, as a worktree session's
// is (createCore's isolatedTree): the user's repository (files, index, status, refs, stash, HEAD) never changes.

const names = ['a.txt', 'src/b.ts', 'src/new.ts', 'docs/x.md', 'deep/er/y.json'];
const op = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), path: fc.constantFrom(...names), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...names) }),
  fc.record({ kind: fc.constant('checkpoint' as const) }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat(), path: fc.option(fc.constantFrom(...names), { nil: undefined }) }),
);

let repo: RepoFixture;
beforeAll(async () => {
  repo = await makeRepo({ 'a.txt': 'one\n', 'src/b.ts': 'export const b = 1;\n', '.gitignore': '*.log\n' });
  // The user has work in progress of their own: staged, unstaged and untracked.
  await writeFile(join(repo.dir, 'a.txt'), 'one, edited\n');
  repo.git('add', 'a.txt');
  await writeFile(join(repo.dir, 'src/b.ts'), 'export const b = 2;\n');
  await writeFile(join(repo.dir, 'notes.md'), 'mine\n');
});
afterAll(async () => {
  await repo.cleanup();
});

describe('a worktree session\'s checkpoints', () => {
  it('never touch the user\'s tree, whatever is written, checkpointed and restored in the worktree', async () => {
    const before = userState(repo.dir);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const info = await repo.wt.create(`0000${(n++).toString(16).padStart(4, '0')}-0000-4000-8000-000000000000`);
        const cps: CheckpointService = await createCheckpointService({ root: info.workspace, dataDir: repo.dataDir, options: { preloadStatPool: false } });
        const ids: string[] = [];
        try {
          ids.push((await cps.create({ label: 'start' })).id);
          for (const o of ops) {
            const abs = join(info.workspace, 'path' in o && o.path ? o.path : '');
            if (o.kind === 'write') {
              await mkdir(dirname(abs), { recursive: true });
              await writeFile(abs, o.text);
            } else if (o.kind === 'delete') await rm(abs, { force: true });
            else if (o.kind === 'checkpoint') ids.push((await cps.create({ label: 'step' })).id);
            else await cps.restore(ids[o.pick % ids.length], o.path ? { paths: [o.path] } : {});
          }
        } finally {
          await cps.dispose();
          await repo.wt.discard(info);
        }
        expect(userState(repo.dir)).toEqual(before);
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
