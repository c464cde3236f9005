import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createCore, type Core } from '../createCore';

/** The git actions through the contract on a whole core: validated in and out, discards checkpointed by createCore's wiring. */

const ctx = { face: 'test' as const };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function coreOn(files: Record<string, string>): Promise<{ core: Core; root: string }> {
  const ws = await tempDir('akira-git-ws-');
  const data = await tempDir('akira-git-data-');
  await writeTree(ws.dir, files);
  initRepoWithCommit(ws.dir);
  gitCli(ws.dir, 'config', 'user.name', 'Akira Test');
  gitCli(ws.dir, 'config', 'user.email', 'test@akira.invalid');
  const core = await createCore({ workspaceRoot: ws.dir, dataDir: data.dir, face: 'test', version: '0.0.0', validateOutput: true, watch: false });
  cleanups.push(ws.cleanup, data.cleanup, () => core.dispose());
  return { core, root: ws.dir };
}

async function call(core: Core, name: string, params: unknown) {
  const answer = await core.router.handle(name, params, ctx);
  if ('error' in answer) throw Object.assign(new Error(`${name}: ${answer.error.code}: ${answer.error.message}`), answer.error);
  return answer.result as any;
}

describe('git actions through the contract', () => {
  it('discards a file and a hunk after a checkpoint each; restoring those checkpoints for the files undoes them', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');
    const { core, root } = await coreOn({ 'a.txt': lines, 'b.txt': 'bee\n' });
    const edited = lines.replace('line 2\n', 'line two\n').replace('line 19\n', 'line nineteen\n');
    await writeFile(join(root, 'a.txt'), edited);
    await writeFile(join(root, 'b.txt'), 'my work\n');
    await writeFile(join(root, 'new.txt'), 'draft\n');

    const discarded = await call(core, 'git.discard', { paths: ['b.txt', 'new.txt'] });
    expect(discarded.paths).toEqual(['b.txt', 'new.txt']);
    const shown = await call(core, 'checkpoints.show', { checkpointId: discarded.checkpointId });
    expect(shown).toMatchObject({ label: 'Before discarding 2 files', origin: 'manual' });
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('bee\n');
    expect(existsSync(join(root, 'new.txt'))).toBe(false);

    const { unstaged } = await call(core, 'git.hunks', { path: 'a.txt' });
    expect(unstaged).toHaveLength(2);
    const hunkDiscard = await call(core, 'git.discardHunk', { path: 'a.txt', hunk: unstaged[0] });
    expect((await call(core, 'checkpoints.show', { checkpointId: hunkDiscard.checkpointId })).label).toBe('Before discarding a hunk of a.txt');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe(lines.replace('line 19\n', 'line nineteen\n'));

    // Undo, as the UI's toast does: restore the checkpoint for the discarded files only.
    await call(core, 'checkpoints.restore', { checkpointId: hunkDiscard.checkpointId, paths: hunkDiscard.paths });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe(edited);
    await call(core, 'checkpoints.restore', { checkpointId: discarded.checkpointId, paths: discarded.paths });
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('my work\n');
    expect(await readFile(join(root, 'new.txt'), 'utf8')).toBe('draft\n');
  });

  it('stages, commits, lists branches and switches; bad input is refused before git runs', async () => {
    const { core, root } = await coreOn({ 'a.txt': 'one\n' });
    gitCli(root, 'branch', 'feature');
    await writeFile(join(root, 'a.txt'), 'two\n');
    await call(core, 'git.stage', { paths: ['a.txt'] });
    expect((await call(core, 'git.status', {})).files).toEqual([{ path: 'a.txt', status: 'modified', staged: true }]);
    const committed = await call(core, 'git.commit', { message: 'Two' });
    expect(committed.commit).toMatchObject({ subject: 'Two', branch: 'main' });
    expect(gitCli(root, 'log', '--format=%s').trim().split('\n')).toEqual(['Two', 'initial']);

    const listed = await call(core, 'git.branches', {});
    expect(listed.branches.map((b: { name: string }) => b.name)).toEqual(['feature', 'main']);
    await call(core, 'git.checkout', { branch: 'feature' });
    expect((await call(core, 'git.status', {})).branch).toBe('feature');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\n');

    expect(await core.router.handle('git.stage', { paths: [] }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
    expect(await core.router.handle('git.commit', { message: 'x', amend: 'yes' }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
    expect(await core.router.handle('git.stageHunk', { path: 'a.txt', hunk: { oldStart: 1 } }, ctx)).toMatchObject({ error: { code: 'bad_request' } });
  });
});
