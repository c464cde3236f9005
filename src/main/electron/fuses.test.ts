import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import { fuseConfig, fuseMismatches, isDevelopmentRuntime } from '../../../scripts/flipFuses.mjs';
import { tempDir } from '../../testing/tempTree';

const script = resolve(__dirname, '../../../scripts/flipFuses.mjs');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A stand-in binary with Electron's fuse wire (sentinel, version 1, 9 fuses), every fuse as Electron ships it. */
async function fakeElectron(): Promise<string> {
  const { dir, cleanup } = await tempDir('akira-fuses-');
  cleanups.push(cleanup);
  const shipped = [1, 1, 1, 1, 0, 0, 0, 1, 1].map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE));
  const wire = Buffer.concat([Buffer.alloc(4096, 7), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, shipped.length, ...shipped]), Buffer.alloc(4096, 7)]);
  const file = join(dir, 'akira');
  await writeFile(file, wire);
  return file;
}

describe('Electron fuses of the packaged app', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect; turns on cookie encryption and asar-only loading with integrity', () => {
    const config = fuseConfig({ platform: 'linux' });
    expect(config).toEqual({
      version: FuseVersion.V1,
      resetAdHocDarwinSignature: false,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
    // Not packed into app.asar: the asar fuses stay off (the app would not start); the others do not move.
    const noAsar = fuseConfig({ asar: false, platform: 'linux' });
    expect(noAsar).toMatchObject({ [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false, [FuseV1Options.OnlyLoadAppFromAsar]: false });
    expect({ ...noAsar, [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true, [FuseV1Options.OnlyLoadAppFromAsar]: true }).toEqual(config);
    expect(fuseConfig({ platform: 'darwin' }).resetAdHocDarwinSignature).toBe(true);
  });

  it('`npm run fuses -- <app>` flips them in the binary and checks what it wrote', async () => {
    const binary = await fakeElectron();
    const { stdout } = await promisify(execFile)(process.execPath, [script, binary]);
    expect(stdout).toContain('RunAsNode=off');
    const wire = await getCurrentFuseWire(binary);
    expect(fuseMismatches(fuseConfig(), wire)).toEqual([]);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FuseState.DISABLE); // not configured: left as shipped
    expect(fuseMismatches(fuseConfig(), { ...wire, [FuseV1Options.RunAsNode]: FuseState.ENABLE })).toEqual(['RunAsNode']);
  });

  it('refuses the development runtime and a missing argument', async () => {
    expect(isDevelopmentRuntime('/x/akira/node_modules/electron/dist/electron')).toBe(true);
    expect(isDevelopmentRuntime('/x/dist/linux-unpacked/akira')).toBe(false);
    const run = (args: string[]) => promisify(execFile)(process.execPath, [script, ...args]).then(() => 0, (err: { code: number }) => err.code);
    expect(await run([])).toBe(2);
    expect(await run([resolve(__dirname, '../../../node_modules/electron/dist/electron')])).toBe(2);
  });
});
