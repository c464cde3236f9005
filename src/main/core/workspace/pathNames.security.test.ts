import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { createToolRegistry } from '../agent/tools/toolRegistry';
import { applyProposedChange } from '../agent/tools/proposedChange';
import { checkpointHandlers } from '../checkpoints/checkpointHandlers';
import type { CheckpointService } from '../checkpoints/checkpointService';
import { toContractError } from '../errors';
import { isDotGitName, resolveInside } from './pathGuard';
import { createWorkspaceService } from './workspaceService';

/**
 * Names that are refused by what they are, not by what the file system says: names too long for it
 * (a typed error naming the caller's path, never an `internal` one with absolute server paths), and
 * `.git` in any case or disguise (on case-insensitive file systems `.GIT/config` is `.git/config`).
 */

let root: string;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  const ws = await tempDir('akira-names-');
  cleanups.push(ws.cleanup);
  root = ws.dir;
  await mkdir(join(root, 'sub'));
  await writeFile(join(root, 'sub', 'a.txt'), 'a\n');
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** What a face answers for a call (router and tools both answer `toContractError`). */
async function answer(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (err) {
    return toContractError(err);
  }
  throw new Error('expected the call to fail');
}

describe('file names over 255 bytes', () => {
  const long = 'n'.repeat(256);
  const paths = [long, `sub/${long}`, `sub/${long}/a.txt`, `${'é'.repeat(128)}.txt`];

  it.each(paths)('are a bad_request naming the relative path, with no absolute path (%#)', async (path) => {
    const workspace = await createWorkspaceService({ root, emit: () => {}, watch: false });
    cleanups.push(() => workspace.dispose());
    const checkpoints = checkpointHandlers(() => ({ root }) as CheckpointService);
    const tools = createToolRegistry();
    const calls = [
      () => workspace.read({ path }),
      () => workspace.list({ path }),
      () => resolveInside(root, path),
      async () => checkpoints['checkpoints.fileAt']({ checkpointId: 'now', path }, { face: 'test' }),
      () => tools.execute('read_file', { path }, { root }),
      () => tools.execute('write_file', { path, content: 'x' }, { root }),
      () => applyProposedChange(root, { path, kind: 'create', before: null, after: 'x', beforeHash: null }),
    ];
    for (const [i, call] of calls.entries()) {
      const error = await answer(call);
      expect(error).toMatchObject({ code: 'bad_request', message: `File name too long: ${path}` });
      // The faces' answers carry the words a person reads in their language; the tools' (for the model) stay English.
      if (i < 4) expect(error.words).toEqual({ key: 'file.nameTooLong', values: [path] });
      expect(error.message).not.toContain(root);
    }
  });

  it('a name of exactly 255 bytes is fine', async () => {
    const workspace = await createWorkspaceService({ root, emit: () => {}, watch: false });
    cleanups.push(() => workspace.dispose());
    await writeFile(join(root, 'sub', 'm'.repeat(255)), 'ok');
    expect((await workspace.read({ path: `sub/${'m'.repeat(255)}` })).content).toBe('ok');
  });
});

describe('.git is refused in any case or disguise', () => {
  it.each(['.git', '.GIT', '.Git', '.gIT', '.git.', '.git ', 'GIT~1', '.g\u200cit'])('%j names a .git folder', (name) => {
    expect(isDotGitName(name)).toBe(true);
  });

  it.each(['.gitignore', '.github', 'git', '.gitx', 'x.git', '.git-hooks'])('%j does not', (name) => {
    expect(isDotGitName(name)).toBe(false);
  });

  it.each(['.GIT/config', '.Git/hooks/pre-commit', 'sub/.GIT/config', 'GIT~1/config', '.git./config'])(
    'write_file and applying a change refuse %s, and nothing is written',
    async (path) => {
      await mkdir(join(root, path.split('/').slice(0, -1).join('/')), { recursive: true });
      const tools = createToolRegistry();
      await expect(tools.execute('write_file', { path, content: 'x' }, { root })).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringMatching(/inside a \.git folder/),
      });
      await expect(applyProposedChange(root, { path, kind: 'create', before: null, after: 'x', beforeHash: null })).rejects.toMatchObject({
        code: 'forbidden',
      });
      expect(existsSync(join(root, path))).toBe(false);
    },
  );
});
