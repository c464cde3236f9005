import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir, writeTree } from './tempTree';

/**
 * Test support: a real workspace next to a real "outside" folder holding a secret, with the usual
 * ways out: `..`, absolute paths, a symlinked folder, a symlinked file, and a dangling link.
 */
export const SECRET = 'TOP-SECRET-0xC0FFEE';

export interface Fixture {
  root: string;
  outside: string;
  /** Path parameters that must all be refused, and what each tries. */
  escapes: { path: string; why: string }[];
  cleanup(): Promise<void>;
}

export async function createFixture(files: Record<string, string | Buffer> = {}): Promise<Fixture> {
  const ws = await tempDir('akira-tools-');
  const out = await tempDir('akira-tools-outside-');
  await writeTree(out.dir, { 'secret.txt': `${SECRET}\n`, 'sub/also.txt': `${SECRET} again\n` });
  await writeTree(ws.dir, files);
  await mkdir(join(ws.dir, 'inner'), { recursive: true });
  await symlink(out.dir, join(ws.dir, 'link-out'));
  await symlink(join(out.dir, 'secret.txt'), join(ws.dir, 'file-link-out'));
  await symlink(join(out.dir, 'not-yet.txt'), join(ws.dir, 'dangling-out'));
  await symlink('../../', join(ws.dir, 'inner', 'up'));
  const escapes = [
    { path: '../secret.txt', why: 'dot-dot' },
    { path: `../${out.dir.split('/').at(-1)}/secret.txt`, why: 'dot-dot to the sibling' },
    { path: 'inner/../../x.txt', why: 'dot-dot in the middle' },
    { path: join(out.dir, 'secret.txt'), why: 'absolute path' },
    { path: '/etc/hostname', why: 'absolute system path' },
    { path: 'link-out/secret.txt', why: 'symlinked folder' },
    { path: 'file-link-out', why: 'symlinked file' },
    { path: 'dangling-out', why: 'dangling symlink' },
    { path: 'inner/up/secret.txt', why: 'relative symlink upwards' },
  ];
  return {
    root: ws.dir,
    outside: out.dir,
    escapes,
    cleanup: async () => {
      await ws.cleanup();
      await out.cleanup();
    },
  };
}
