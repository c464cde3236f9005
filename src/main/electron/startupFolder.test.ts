import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderArgs, pickStartupFolder } from './startupFolder';

let base = '';
afterAll(() => rm(base, { recursive: true, force: true }));

describe('desktop startup folder', () => {
  it('takes folder arguments after the entry, ignoring switches', () => {
    expect(folderArgs(['/e/electron', 'out/main/index.js', '--inspect=0', 'proj'], false)).toEqual(['proj']);
    expect(folderArgs(['/Applications/Akira', '--no-sandbox', '/p'], true)).toEqual(['/p']);
    expect(folderArgs(['/e/electron', 'out/main/index.js'], false)).toEqual([]);
  });

  it('prefers the argument, then the most recent folder that still exists, else none', async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'akira-start-')));
    const gone = join(base, 'gone');
    expect(await pickStartupFolder(['rel'], [base], '/home/u')).toBe('/home/u/rel');
    expect(await pickStartupFolder([], [gone, base], '/')).toBe(base);
    expect(await pickStartupFolder([], [gone], '/')).toBeNull();
    expect(await pickStartupFolder([], [], '/')).toBeNull();
  });
});
