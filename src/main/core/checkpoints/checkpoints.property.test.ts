import { chmod, lstat, mkdir, readdir, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filesOf, gitIn, makeEnv, treeState, type NodeState, type TestEnv } from '../../../testing/checkpointWorkspace';

/**
 * Random sequences of edits (text, binary, empty, rename, delete, chmod, symlink, file ↔ folder,
 * ignored and excluded files, a nested repository with its own commits), checkpoints and restores.
 * After every restore: the tracked tree is byte-identical to the checkpoint; no ignored, excluded or
 * untracked file changed; the nested repository's .git is unchanged; an undo brings the previous state back.
 */

const TRACKED = ['a.txt', 'b.bin', 'dir/c.txt', 'dir/sub/d.txt', 'e', 'e/f.txt', 'nested/src.c', 'link'];
const UNTRACKED = ['ignored/u.txt', 'notes.log', 'node_modules/pkg/i.js', 'build/out.js'];
const LINK_TARGETS = ['a.txt', 'dir', '../outside', 'missing/target'];

const isUntracked = (rel: string) =>
  rel === '.akira' || rel === 'ignored' || rel === 'node_modules' || rel === 'build' || rel.endsWith('.log') || rel.split('/').includes('.git');

type Action =
  | { kind: 'text'; path: number; text: string }
  | { kind: 'binary'; path: number; bytes: Uint8Array }
  | { kind: 'empty'; path: number }
  | { kind: 'delete'; path: number }
  | { kind: 'rename'; from: number; to: number }
  | { kind: 'chmod'; path: number }
  | { kind: 'symlink'; path: number; target: number }
  | { kind: 'untracked'; path: number; text: string }
  | { kind: 'nestedCommit'; text: string }
  | { kind: 'checkpoint' }
  | { kind: 'restore'; which: number; undo: boolean }
  | { kind: 'restoreFile'; which: number; path: number };

const pathIdx = fc.nat({ max: TRACKED.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('text' as const), path: pathIdx, text: fc.string({ maxLength: 40 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('binary' as const), path: pathIdx, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('empty' as const), path: pathIdx }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), path: pathIdx }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('rename' as const), from: pathIdx, to: pathIdx }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('chmod' as const), path: pathIdx }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('symlink' as const), path: pathIdx, target: fc.nat({ max: LINK_TARGETS.length - 1 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('untracked' as const), path: fc.nat({ max: UNTRACKED.length - 1 }), text: fc.string({ maxLength: 20 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('nestedCommit' as const), text: fc.string({ maxLength: 20 }) }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'checkpoint' as const }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const), which: fc.nat(), undo: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('restoreFile' as const), which: fc.nat(), path: pathIdx }), weight: 1 },
);

/** Makes room for a file at `rel`: files or links on its parent path go, a folder at it goes. */
async function prepare(root: string, rel: string): Promise<void> {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const prefix = join(root, ...parts.slice(0, i));
    const st = await lstat(prefix).catch(() => null);
    if (st && !st.isDirectory()) await rm(prefix);
  }
  await rm(join(root, rel), { recursive: true, force: true });
  await mkdir(dirname(join(root, rel)), { recursive: true });
}

async function backdateDirs(dir: string): Promise<void> {
  const past = new Date(Date.now() - 3600_000);
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory() && e.name !== '.git') await backdateDirs(join(dir, e.name));
  }
  await utimes(dir, past, past);
}

const trackedView = async (root: string) => filesOf(await treeState(root, isUntracked));
const untrackedView = async (root: string) =>
  treeState(root, (rel) => !(isUntracked(rel) || UNTRACKED.some((u) => u.startsWith(`${rel}/`))) || rel.split('/').includes('.git') || rel === '.akira');
const nestedGit = (root: string) => treeState(join(root, 'nested/.git'));

async function apply(env: TestEnv, a: Action, cps: { id: string; state: Map<string, NodeState> }[]): Promise<void> {
  const root = env.root;
  switch (a.kind) {
    case 'text':
    case 'binary':
    case 'empty': {
      const rel = TRACKED[a.path];
      await prepare(root, rel);
      await writeFile(join(root, rel), a.kind === 'text' ? a.text : a.kind === 'binary' ? a.bytes : '');
      return;
    }
    case 'delete':
      // ENOTDIR: a file is on the path (e.g. deleting e/f.txt while e is a file): nothing to delete.
      await rm(join(root, TRACKED[a.path]), { recursive: true, force: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOTDIR') throw err;
      });
      return;
    case 'rename': {
      const from = join(root, TRACKED[a.from]);
      const st = await lstat(from).catch(() => null);
      if (!st || st.isDirectory() || a.from === a.to || TRACKED[a.to].startsWith(`${TRACKED[a.from]}/`)) return;
      await prepare(root, TRACKED[a.to]);
      if (!(await lstat(from).catch(() => null))) return; // prepare removed it (it was on the way)
      await rename(from, join(root, TRACKED[a.to]));
      return;
    }
    case 'chmod': {
      const abs = join(root, TRACKED[a.path]);
      const st = await lstat(abs).catch(() => null);
      if (st?.isFile()) await chmod(abs, st.mode & 0o100 ? 0o644 : 0o755);
      return;
    }
    case 'symlink': {
      const rel = TRACKED[a.path];
      await prepare(root, rel);
      await symlink(LINK_TARGETS[a.target], join(root, rel));
      return;
    }
    case 'untracked': {
      const rel = UNTRACKED[a.path];
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await writeFile(join(root, rel), a.text);
      return;
    }
    case 'nestedCommit': {
      const nested = join(root, 'nested');
      if (!(await lstat(join(nested, '.git')).catch(() => null))) return;
      await writeFile(join(nested, 'own.txt'), a.text);
      gitIn(nested, 'add', 'own.txt');
      gitIn(nested, 'commit', '-q', '--allow-empty', '-m', 'nested change');
      return;
    }
    case 'checkpoint': {
      // Old folder times (as in a real project) let the next walks trust unchanged folders' stamps.
      await backdateDirs(root);
      const state = await trackedView(root);
      const cp = await env.service.create({ label: `cp${cps.length}` });
      cps.push({ id: cp.id, state });
      return;
    }
    case 'restore': {
      if (!cps.length) return;
      const target = cps[a.which % cps.length];
      const beforeTracked = await trackedView(root);
      const beforeUntracked = await untrackedView(root);
      const beforeNested = await nestedGit(root);
      const result = await env.service.restore(target.id);
      expect(result.conflicts).toEqual([]);
      expect(await trackedView(root)).toEqual(target.state);
      expect(await untrackedView(root)).toEqual(beforeUntracked);
      expect(await nestedGit(root)).toEqual(beforeNested);
      if (a.undo) {
        const undo = await env.service.restore(result.beforeCheckpointId);
        expect(undo.conflicts).toEqual([]);
        expect(await trackedView(root)).toEqual(beforeTracked);
        expect(await untrackedView(root)).toEqual(beforeUntracked);
      }
      return;
    }
    case 'restoreFile': {
      if (!cps.length) return;
      const target = cps[a.which % cps.length];
      const rel = TRACKED[a.path];
      const before = await trackedView(root);
      const result = await env.service.restore(target.id, { paths: [rel] });
      expect(result.conflicts).toEqual([]);
      const after = await trackedView(root);
      const inside = (p: string) => p === rel || p.startsWith(`${rel}/`);
      const expected = new Map([...before].filter(([p]) => !inside(p)));
      for (const [p, s] of target.state) if (inside(p)) expected.set(p, s);
      // Files on the restored path come from the checkpoint; everything else is as it was, except
      // files that had to make way (a file where the checkpoint has a folder on the path).
      for (const [p, s] of after) if (inside(p)) expect(s).toEqual(target.state.get(p));
      for (const [p, s] of target.state) if (inside(p)) expect(after.get(p)).toEqual(s);
      for (const [p, s] of before) {
        if (inside(p) || rel.startsWith(`${p}/`)) continue;
        expect(after.get(p)).toEqual(s);
      }
      return;
    }
  }
}

describe('checkpoints (property)', () => {
  it('restores exactly the checkpointed tracked tree and never loses untracked data', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (actions) => {
        const env = await makeEnv({
          '.gitignore': '*.log\nignored/\n',
          'a.txt': 'alpha\n',
          'dir/c.txt': 'charlie\n',
          'nested/src.c': 'int main;\n',
          'ignored/u.txt': 'untracked data\n',
          'node_modules/pkg/i.js': 'dependency\n',
        });
        try {
          gitIn(join(env.root, 'nested'), 'init', '-q');
          gitIn(join(env.root, 'nested'), 'add', '-A');
          gitIn(join(env.root, 'nested'), 'commit', '-q', '-m', 'nested');
          const cps: { id: string; state: Map<string, NodeState> }[] = [];
          for (const a of [{ kind: 'checkpoint' } as Action, ...actions]) await apply(env, a, cps);
        } finally {
          await env.cleanup();
        }
      }),
      { numRuns: 40 },
    );
  });
});
