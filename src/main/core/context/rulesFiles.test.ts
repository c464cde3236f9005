import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { GLOBAL_RULES_LABEL, loadRules } from './rulesFiles';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function dirs(files: Record<string, string>) {
  const ws = await tempDir('akira-rules-ws-');
  const data = await tempDir('akira-rules-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, files);
  return { root: ws.dir, dataDir: data.dir };
}

describe('rules files', () => {
  it('reads every kind at the root, in order, with the file names in the text', async () => {
    const d = await dirs({
      'AGENTS.md': 'Use pnpm, not npm.',
      'CLAUDE.md': 'Write tests first.',
      '.clinerules/01-style.md': 'Two-space indent.',
      '.clinerules/02-naming.md': 'camelCase names.',
      '.clinerules/image.png': 'not a rule',
      '.cursorrules': 'No default exports.',
      '.akira/rules/security.md': 'Never log tokens.',
      'README.md': 'not a rules file',
    });
    const rules = await loadRules({ ...d, maxTokens: 4000 });
    expect(rules.files.map((f) => [f.path, f.scope, f.truncated])).toEqual([
      ['AGENTS.md', 'workspace', false],
      ['CLAUDE.md', 'workspace', false],
      ['.clinerules/01-style.md', 'workspace', false],
      ['.clinerules/02-naming.md', 'workspace', false],
      ['.cursorrules', 'workspace', false],
      ['.akira/rules/security.md', 'workspace', false],
    ]);
    for (const text of ['Use pnpm', 'Write tests first', 'Two-space', 'camelCase', 'No default exports', 'Never log tokens']) expect(rules.text).toContain(text);
    expect(rules.text).toContain('### AGENTS.md');
    expect(rules.text).not.toContain('not a rules file');
    expect(rules.text).not.toContain('not a rule\n');
    expect(rules.files.every((f) => f.tokens > 0)).toBe(true);
  });

  it('a .clinerules file works as well as a folder; no rules at all is empty', async () => {
    const d = await dirs({ '.clinerules': 'One file of rules.' });
    expect((await loadRules({ ...d, maxTokens: 4000 })).files.map((f) => f.path)).toEqual(['.clinerules']);
    const none = await dirs({ 'src/a.ts': 'x' });
    expect(await loadRules({ ...none, maxTokens: 4000 })).toEqual({ files: [], text: '' });
  });

  it('adds the global rules file and the nearest nested AGENTS.md of each edited file', async () => {
    const d = await dirs({
      'AGENTS.md': 'root rules',
      'packages/api/AGENTS.md': 'api rules',
      'packages/api/src/deep/AGENTS.md': 'deep rules',
      'packages/api/src/deep/x.ts': '',
      'packages/api/src/y.ts': '',
      'packages/web/z.ts': '',
    });
    await writeFile(join(d.dataDir, 'rules.md'), 'my global rules');
    const rules = await loadRules({ ...d, editedPaths: ['packages/api/src/deep/x.ts', 'packages/api/src/y.ts', 'packages/web/z.ts'], maxTokens: 4000 });
    expect(rules.files.map((f) => [f.path, f.scope])).toEqual([
      [GLOBAL_RULES_LABEL, 'global'],
      ['AGENTS.md', 'workspace'],
      ['packages/api/src/deep/AGENTS.md', 'folder'],
      ['packages/api/AGENTS.md', 'folder'],
    ]);
    expect(rules.text).toContain('my global rules');
    expect(rules.text).toContain('### packages/api/src/deep/AGENTS.md (applies to the files under packages/api/src/deep/)');
  });

  it('cuts a rules file larger than the budget and says so; files after it are named as left out', async () => {
    const big = `${'Rule line that matters.\n'.repeat(2000)}THE END`;
    const d = await dirs({ 'AGENTS.md': big, 'CLAUDE.md': 'small rules' });
    const rules = await loadRules({ ...d, maxTokens: 1000 });
    expect(rules.files[0]).toMatchObject({ path: 'AGENTS.md', truncated: true });
    expect(rules.files[0].tokens).toBeLessThanOrEqual(1000);
    expect(rules.text).toContain('do not fit the context budget');
    expect(rules.text).not.toContain('THE END');
    expect(rules.files[1]).toMatchObject({ path: 'CLAUDE.md', truncated: true, tokens: 0 });
    expect(rules.text).toContain('left out');
    expect(rules.text.length).toBeLessThanOrEqual(1000 * 4 + 200);
  });

  it('leaves out a rules file that is a link out of the workspace', async () => {
    const d = await dirs({ 'CLAUDE.md': 'inside' });
    const outside = await tempDir('akira-rules-outside-');
    cleanups.push(outside.cleanup);
    await writeFile(join(outside.dir, 'secret.txt'), 'SECRET OUTSIDE');
    await symlink(join(outside.dir, 'secret.txt'), join(d.root, 'AGENTS.md'));
    await mkdir(join(d.root, '.akira'), { recursive: true });
    await symlink(outside.dir, join(d.root, '.akira', 'rules'));
    const rules = await loadRules({ ...d, maxTokens: 4000 });
    expect(rules.files.map((f) => f.path)).toEqual(['CLAUDE.md']);
    expect(rules.text).not.toContain('SECRET OUTSIDE');
  });
});
