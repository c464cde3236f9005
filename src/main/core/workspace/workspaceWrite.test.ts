import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceCommands } from '../../../shared/contract/workspace';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createWorkspaceService, type WorkspaceService } from './workspaceService';

// workspace.write (issue 13, the editor's save) against a real temporary folder: the hash check that never loses an
// edit made on disk meanwhile, confinement (outside paths, links out, .git), the atomic write and big content.

let base: string;
let root: string;
let cleanup: () => Promise<void>;
let service: WorkspaceService;

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const onDisk = (rel: string) => readFile(join(root, rel), 'utf8');
const refused = (code: string, details?: object) => expect.objectContaining({ code, ...(details ? { details } : {}) });

beforeEach(async () => {
  ({ dir: base, cleanup } = await tempDir());
  root = join(base, 'ws');
  await mkdir(root);
  service = await createWorkspaceService({ root, emit: () => {}, watch: false });
});

afterEach(async () => {
  await service.dispose();
  await cleanup();
});

describe('workspace.write', () => {
  it('saves what was read, answering the new hash and size; read answers the same hash', async () => {
    await writeTree(root, { 'src/a.ts': 'export const a = 1;\n' });
    const read = await service.read({ path: 'src/a.ts' });
    expect(read.hash).toBe(sha('export const a = 1;\n'));

    const result = await service.write({ path: 'src/a.ts', content: 'export const a = 2; // é\n', expectedHash: read.hash });
    workspaceCommands['workspace.write'].output.parse(result);
    expect(result).toEqual({ path: 'src/a.ts', hash: sha('export const a = 2; // é\n'), size: Buffer.byteLength('export const a = 2; // é\n') });
    expect(await onDisk('src/a.ts')).toBe('export const a = 2; // é\n');
    expect((await service.read({ path: 'src/a.ts' })).hash).toBe(result.hash);
    // Nothing left behind by the atomic write (its temporary file is renamed over the target).
    expect(await readdir(join(root, 'src'))).toEqual(['a.ts']);
  });

  it('refuses to overwrite a file changed on disk since it was read, and says what is there now', async () => {
    await writeTree(root, { 'a.txt': 'one\n' });
    const { hash } = await service.read({ path: 'a.txt' });
    await writeFile(join(root, 'a.txt'), 'two, from another program\n');

    await expect(service.write({ path: 'a.txt', content: 'mine\n', expectedHash: hash })).rejects.toEqual(
      refused('conflict', { currentHash: sha('two, from another program\n') }),
    );
    expect(await onDisk('a.txt')).toBe('two, from another program\n');

    // Overwrite: the person saw the conflict and saves against what is there now.
    const saved = await service.write({ path: 'a.txt', content: 'mine\n', expectedHash: sha('two, from another program\n') });
    expect(saved.hash).toBe(sha('mine\n'));
    expect(await onDisk('a.txt')).toBe('mine\n');
  });

  it('a new file (expectedHash null) must not exist yet; a deleted one is a conflict with currentHash null', async () => {
    await expect(service.write({ path: 'new/deep/file.md', content: '# new\n', expectedHash: null })).resolves.toMatchObject({ path: 'new/deep/file.md' });
    expect(await onDisk('new/deep/file.md')).toBe('# new\n');

    await expect(service.write({ path: 'new/deep/file.md', content: 'again\n', expectedHash: null })).rejects.toEqual(
      refused('conflict', { currentHash: sha('# new\n') }),
    );

    await writeTree(root, { 'gone.txt': 'x' });
    const { hash } = await service.read({ path: 'gone.txt' });
    await rm(join(root, 'gone.txt'));
    await expect(service.write({ path: 'gone.txt', content: 'y', expectedHash: hash })).rejects.toEqual(refused('conflict', { currentHash: null }));
  });

  it('without expectedHash it overwrites (no check)', async () => {
    await writeTree(root, { 'a.txt': 'old' });
    await service.write({ path: 'a.txt', content: 'new' });
    expect(await onDisk('a.txt')).toBe('new');
  });

  it('keeps an existing file\'s permissions', async () => {
    await writeTree(root, { 'run.sh': '#!/bin/sh\necho hi\n' });
    await chmod(join(root, 'run.sh'), 0o750);
    await service.write({ path: 'run.sh', content: '#!/bin/sh\necho hello\n' });
    expect((await stat(join(root, 'run.sh'))).mode & 0o777).toBe(0o750);
  });

  it('writes through an in-workspace link to its target, keeping the link', async () => {
    await writeTree(root, { 'real.txt': 'a' });
    await symlink('real.txt', join(root, 'alias.txt'));
    const result = await service.write({ path: 'alias.txt', content: 'b', expectedHash: sha('a') });
    expect(result.path).toBe('alias.txt');
    expect(await onDisk('real.txt')).toBe('b');
    expect((await lstat(join(root, 'alias.txt'))).isSymbolicLink()).toBe(true);
  });

  it('refuses paths outside the workspace, links that lead out, and git\'s own data', async () => {
    await writeFile(join(base, 'outside.txt'), 'keep');
    await mkdir(join(base, 'elsewhere'));
    await symlink(join(base, 'outside.txt'), join(root, 'link-out.txt'));
    await symlink(join(base, 'elsewhere'), join(root, 'dir-out'));
    await mkdir(join(root, '.git'));
    await writeTree(root, { '.git/config': '[core]\n' });
    await symlink('.git/config', join(root, 'cfg'));

    await expect(service.write({ path: '../outside.txt', content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: join(base, 'outside.txt'), content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: 'link-out.txt', content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: 'dir-out/new.txt', content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: '.git/config', content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: '.GIT/hooks/pre-commit', content: 'x' })).rejects.toEqual(refused('forbidden'));
    await expect(service.write({ path: 'cfg', content: 'x' })).rejects.toEqual(refused('forbidden'));

    expect(await readFile(join(base, 'outside.txt'), 'utf8')).toBe('keep');
    expect(await readdir(join(base, 'elsewhere'))).toEqual([]);
    expect(await onDisk('.git/config')).toBe('[core]\n');
  });

  it('refuses a folder, and the workspace folder itself', async () => {
    await mkdir(join(root, 'dir'));
    await expect(service.write({ path: 'dir', content: 'x' })).rejects.toEqual(refused('bad_request'));
    await expect(service.write({ path: 'dir', content: 'x', expectedHash: null })).rejects.toEqual(refused('bad_request'));
    await expect(service.write({ path: '.', content: 'x' })).rejects.toEqual(refused('bad_request'));
  });

  it('saves big content whole (beyond what read shows, 12 MB)', async () => {
    const line = 'const value = "ünïcödé and plain ascii";\n';
    const big = line.repeat(Math.ceil((12 * 1024 * 1024) / line.length));
    const result = await service.write({ path: 'big.ts', content: big, expectedHash: null });
    const bytes = await readFile(join(root, 'big.ts'));
    expect(bytes.length).toBe(Buffer.byteLength(big));
    expect(result).toEqual({ path: 'big.ts', hash: sha(bytes), size: bytes.length });
    // Saved again against its hash: the check reads the whole file, not only what workspace.read shows.
    await expect(service.write({ path: 'big.ts', content: `${big}// end\n`, expectedHash: result.hash })).resolves.toMatchObject({ size: bytes.length + 7 });
  });

  it('the contract refuses what is no hash and content over the limit', () => {
    const input = workspaceCommands['workspace.write'].input;
    expect(input.safeParse({ path: 'a', content: 'x', expectedHash: 'abc' }).success).toBe(false);
    expect(input.safeParse({ path: '', content: 'x' }).success).toBe(false);
    expect(input.safeParse({ path: 'a', content: 'x', expectedHash: null }).success).toBe(true);
    expect(input.safeParse({ path: 'a', content: 'x'.repeat(32 * 1024 * 1024 + 1) }).success).toBe(false);
  });
});
