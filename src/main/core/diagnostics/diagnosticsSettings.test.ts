import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { diagnosticsSettingsSchema, readDiagnosticsSettings } from './diagnosticsSettings';

let root: string;
let dataDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  const ws = await tempDir('akira-diag-settings-ws-');
  const data = await tempDir('akira-diag-settings-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  root = ws.dir;
  dataDir = data.dir;
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const writeGlobal = (settings: unknown) => writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
const writeWorkspace = (settings: unknown) => writeTree(root, { '.akira/settings.json': typeof settings === 'string' ? settings : JSON.stringify(settings) });

describe('readDiagnosticsSettings', () => {
  it('has defaults when neither file says anything', async () => {
    await writeGlobal({ recentFolders: [] });
    const s = await readDiagnosticsSettings(root, dataDir);
    expect(s).toEqual({ timeoutSeconds: 60, disabled: new Map(), checkers: [] });
  });

  it('lets the workspace win for the time-out and joins disabled ids and checkers', async () => {
    await writeGlobal({
      diagnostics: {
        timeoutSeconds: 300,
        disabled: ['eslint'],
        checkers: [
          { id: 'mypy', command: 'mypy .', format: 'gcc' },
          { id: 'shellcheck', command: 'shellcheck -f gcc run.sh', format: 'gcc' },
        ],
      },
    });
    await writeWorkspace({ diagnostics: { timeoutSeconds: 30, disabled: ['tsc'], checkers: [{ id: 'mypy', command: 'mypy --strict src', format: 'gcc' }] } });
    const s = await readDiagnosticsSettings(root, dataDir);
    expect(s.timeoutSeconds).toBe(30);
    expect([...s.disabled]).toEqual([
      ['eslint', 'the global settings'],
      ['tsc', '.akira/settings.json'],
    ]);
    expect(s.checkers).toEqual([
      { id: 'shellcheck', command: 'shellcheck -f gcc run.sh', format: 'gcc', origin: 'global' },
      { id: 'mypy', command: 'mypy --strict src', format: 'gcc', origin: 'workspace' },
    ]);
  });

  it('names the file and the field of an invalid value', async () => {
    await writeWorkspace({ diagnostics: { timeoutSeconds: 0 } });
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toThrow(/^\.akira\/settings\.json: diagnostics\.timeoutSeconds: .*>=1/);

    await writeWorkspace({ diagnostics: { checkers: [{ id: 'mypy', command: 'mypy . | tee log', format: 'gcc' }] } });
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toThrow(/\.akira\/settings\.json: diagnostics\.checkers\[0\]\.command: .*pipes \(\|\) are not supported/);

    await writeWorkspace('{}');
    await writeGlobal({ diagnostics: { checkers: [{ id: 'mypy', command: 'mypy .', format: 'junit' }] } });
    const err = await readDiagnosticsSettings(root, dataDir).catch((e: Error & { code?: string }) => e);
    expect(err).toMatchObject({ code: 'bad_request' });
    expect((err as Error).message).toContain(`The global settings (${join(dataDir, 'settings.json')}): diagnostics.checkers[0].format:`);

    await writeGlobal({ diagnostics: { disabled: 'eslint', timeout: 5 } });
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toThrow(/diagnostics\.disabled: .*; diagnostics: .*"timeout"/);

    await writeGlobal({ diagnostics: { checkers: [{ id: 'a', command: 'a', format: 'gcc' }, { id: 'a', command: 'b', format: 'gcc' }] } });
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toThrow(/diagnostics\.checkers\[1\]\.id: "a" is used twice/);
  });

  it('refuses a broken file rather than guessing', async () => {
    await writeWorkspace('{"diagnostics": ');
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toThrow(/^\.akira\/settings\.json is not valid JSON/);
  });

  it('does not read a workspace settings file that leads outside the workspace', async () => {
    const { symlink } = await import('node:fs/promises');
    await mkdir(join(root, '.akira'));
    await writeFile(join(dataDir, 'elsewhere.json'), '{}');
    await symlink(join(dataDir, 'elsewhere.json'), join(root, '.akira', 'settings.json'));
    await expect(readDiagnosticsSettings(root, dataDir)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('exports the schema of the section', () => {
    expect(diagnosticsSettingsSchema.safeParse({ timeoutSeconds: 1800, disabled: [], checkers: [] }).success).toBe(true);
    expect(diagnosticsSettingsSchema.safeParse({ timeoutSeconds: 1801 }).success).toBe(false);
    expect(diagnosticsSettingsSchema.safeParse({ checkers: [{ id: '../x', command: 'x', format: 'gcc' }] }).success).toBe(false);
  });
});
