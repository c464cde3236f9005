import { appendFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../testing/agentKit';
import { initRepoWithCommit } from '../../../testing/gitCli';
import { tempDir } from '../../../testing/tempTree';
import { errorText } from '../../../shared/errors';
import { FILE_FULL_MAX_CHARS, FIRST_LINES } from './mentionResolver';

// What @-mentions attach, through the real core (context.resolve answers the previews; the core's
// project context resolves the same mentions with their content for agent.start).

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

async function fullResolve(text: string) {
  // The core's own project context (what agent.start uses), with the content.
  const started = await kit!.call('agent.start', { task: text });
  const event = await kit!.waitForEvent('context_attached', (e) => e.sessionId === started.sessionId);
  await kit!.call('agent.stop', { sessionId: started.sessionId });
  return event.attachments;
}

describe('@ mentions', () => {
  it('attaches a file with line numbers, a range of lines, a folder listing; a missing file and a path outside are clear notes', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => (i % 100 === 0 ? `export function part${i}() {` : `  const line${i} = ${i};`)).join('\n');
    kit = await startAgentKit({ files: { 'src/util.ts': 'export const add = (a: number, b: number) => a + b;\nexport const two = 2;\n', 'src/big.ts': big, 'docs/a.md': '# A', 'docs/sub/b.md': '# B', '.gitignore': 'dist/\n', 'dist/out.js': '' } });
    const outside = await tempDir('akira-mention-outside-');
    try {
      const { attachments } = await kit.call('context.resolve', { text: `see @src/util.ts and @src/util.ts:2 and @docs/ and @src/missing.ts and @../${outside.dir.split('/').pop()}/x and @src/big.ts and @./` });
      const byRef = Object.fromEntries(attachments.map((a) => [a.ref, a]));
      expect(byRef['src/util.ts']).toMatchObject({ kind: 'file', title: 'src/util.ts (2 lines)', error: null });
      expect(byRef['src/util.ts:2']).toMatchObject({ title: 'src/util.ts, lines 2–2 of 2', error: null });
      expect(byRef['docs/']).toMatchObject({ kind: 'folder', title: 'docs/ (2 entries)' });
      expect(byRef['src/missing.ts'].error).toBe('No such file: src/missing.ts');
      expect(Object.values(byRef).find((a) => a.ref.startsWith('../'))?.error).toMatch(/outside the workspace/);
      // Issue 14: the chip says them in the UI's language from their words.
      expect(byRef['src/missing.ts'].errorWords).toEqual({ key: 'context.noSuchFile', values: ['src/missing.ts'] });
      expect(errorText({ message: '', words: byRef['src/missing.ts'].errorWords }, 'zh-CN')).toBe('没有这个文件：src/missing.ts');
      expect(Object.values(byRef).find((a) => a.ref.startsWith('../'))?.errorWords?.key).toBe('context.outside');
      expect(byRef['src/util.ts'].errorWords).toBeUndefined();
      expect(byRef['src/big.ts'].note).toMatch(/large file \(3000 lines\): its outline and the first 200 lines/);
      expect(byRef['./'].title).not.toContain('dist'); // listing respects .gitignore (names in the content)

      const full = await fullResolve('@src/util.ts:2 @docs/ @src/big.ts @./');
      const content = Object.fromEntries(full.map((a) => [a.ref, a.content]));
      expect(content['src/util.ts:2']).toContain('    2| export const two = 2;');
      expect(content['src/util.ts:2']).not.toContain('add');
      expect(content['docs/']).toContain('sub/\na.md');
      expect(content['src/big.ts']).toContain('Outline (line: declaration):\n1: export function part0() {');
      expect(content['src/big.ts']).toContain('2901: export function part2900() {');
      expect(content['src/big.ts']).toContain(`  ${FIRST_LINES}|`);
      expect(content['src/big.ts']).not.toContain(' 2500|');
      expect(content['src/big.ts'].length).toBeLessThanOrEqual(FILE_FULL_MAX_CHARS);
      expect(content['./']).not.toContain('dist/');
      expect(content['./']).toContain('src/');
    } finally {
      await outside.cleanup();
    }
  });

  it('attaches the git diff and a checkpoint\'s changes; outside a repository @diff says so', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'one\n', 'b.txt': 'bee\n' } });
    const notRepo = await kit.call('context.resolve', { text: '@diff' });
    expect(notRepo.attachments[0].error).toMatch(/not in a git repository/);
    initRepoWithCommit(kit.root);
    await writeFile(join(kit.root, 'a.txt'), 'one\ntwo\n');
    await writeFile(join(kit.root, 'new.txt'), 'fresh\n');
    const first = await kit.call('checkpoints.create', { label: 'before b' });
    await writeFile(join(kit.root, 'b.txt'), 'bee\nbuzz\n');
    const second = await kit.call('checkpoints.create', { label: 'b grows' });
    const full = await fullResolve(`@diff @checkpoint:${second.checkpointId} @checkpoint:nope12`);
    const [diff, cp, missing] = full;
    // a.txt, b.txt and new.txt (Akira's own .akira/ is ignored by the .gitignore it writes there)
    expect(diff.title).toBe('git diff (3 files)');
    expect(diff.content).toContain('+two');
    expect(diff.content).toContain('Untracked files (1):\nnew.txt');
    expect(cp.title).toContain(`checkpoint ${second.checkpointId} "b grows" (1 file)`);
    expect(cp.content).toContain('+buzz');
    expect(cp.content).not.toContain('+two');
    expect(cp.content).toContain(`against checkpoint ${first.checkpointId}`);
    expect(missing.error).toMatch(/No checkpoint nope12/);
  });

  it("refuses what is inside .git, as the README promises: git's config is never attached (issue 26)", async () => {
    const token = 'ghp_mention0secret0token';
    kit = await startAgentKit({ files: { 'a.txt': 'a\n', 'sub/b.txt': 'b\n' }, gitRepo: true });
    await appendFile(join(kit.root, '.git', 'config'), `[remote "origin"]\n\turl = https://me:${token}@example.com/r.git\n`);
    await mkdir(join(kit.root, 'sub', '.git'), { recursive: true });
    await writeFile(join(kit.root, 'sub', '.git', 'config'), `token = ${token}\n`);
    await writeFile(join(kit.root, 'wt.git'), 'x'); // a name that only looks like it
    await symlink('.git', join(kit.root, 'gitlink'));
    const refs = ['.git/config', '.git/', '.git', '.GIT/config', 'sub/.git/config', 'gitlink/config', 'gitlink/', 'src/../.git/config:1-2'];
    const text = refs.map((r) => `@${r}`).join(' ') + ' @./ @sub/ @wt.git';
    const { attachments } = await kit.call('context.resolve', { text });
    const byRef = Object.fromEntries(attachments.map((a) => [a.ref, a]));
    for (const ref of refs) {
      expect(byRef[ref]?.errorWords?.key, ref).toBe('context.insideGit');
      expect(byRef[ref].error, ref).toMatch(/inside a \.git folder/);
    }
    expect(errorText({ message: '', words: byRef['.git/config'].errorWords }, 'zh-CN')).toContain('位于 .git 文件夹内');
    expect(byRef['wt.git'].error).toBeNull();
    const full = await fullResolve(text);
    expect(JSON.stringify(full)).not.toContain(token);
    const listing = Object.fromEntries(full.map((a) => [a.ref, a.content]));
    expect(listing['./']).not.toMatch(/^\.git\/?$/m);
    expect(listing['./']).toContain('gitlink'); // the link's name is listed, what it leads to is not attached
    expect(listing['sub/']).toBe('Folder sub/ (1 entries, .gitignore respected; folders end with /):\nb.txt');
  });
});
