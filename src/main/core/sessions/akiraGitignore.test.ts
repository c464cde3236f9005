import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '.';
import { gitCli, initRepoWithCommit } from '../../../testing/gitCli';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { AKIRA_GITIGNORE } from '../../common/akiraGitignore';

// DESIGN "Data on disk": Akira's bookkeeping is ignored by the user's git through an .akira/.gitignore that
// Akira writes; settings, modes, rules and specs stay visible.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function repo(files: Record<string, string>) {
  const t = await tempDir('akira-gitignore-');
  cleanups.push(t.cleanup);
  await writeTree(t.dir, files);
  initRepoWithCommit(t.dir);
  return t.dir;
}

describe('.akira/.gitignore', () => {
  it('is written with the first session: its logs stay out of git status, the project\'s .akira files stay in', async () => {
    const root = await repo({ 'a.txt': 'a\n' });
    await writeTree(root, { '.akira/settings.json': '{}\n', '.akira/specs/x/tasks.md': '- [ ] 1. X\n' });
    const store = createSessionStore({ root });
    const handle = await store.createSession({ task: 't', mode: 'code-dev', model: 'm' });
    await handle.close();
    await store.dispose();
    expect(await readFile(join(root, '.akira/.gitignore'), 'utf8')).toBe(AKIRA_GITIGNORE);
    const status = gitCli(root, 'status', '--porcelain', '--untracked-files=all');
    expect(status).not.toContain('.akira/sessions');
    expect(status).toContain('.akira/settings.json');
    expect(status).toContain('.akira/specs/x/tasks.md');
    // The .gitignore keeps itself out too: a session leaves nothing of Akira's in git status.
    expect(status).not.toContain('.akira/.gitignore');
  });

  it('keeps a .gitignore the user wrote', async () => {
    const root = await repo({ 'a.txt': 'a\n' });
    await mkdir(join(root, '.akira'), { recursive: true });
    await writeFile(join(root, '.akira/.gitignore'), '*\n');
    const store = createSessionStore({ root });
    await (await store.createSession({ task: 't', mode: 'code-dev', model: 'm' })).close();
    await store.dispose();
    expect(await readFile(join(root, '.akira/.gitignore'), 'utf8')).toBe('*\n');
  });
});
