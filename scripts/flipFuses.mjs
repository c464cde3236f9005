#!/usr/bin/env node
// Flips Electron's fuses in a packaged Akira. A packager runs it after packaging, before code signing:
//
//   npm run fuses -- <packaged app: Akira.app, Akira.exe or the Linux executable> [--no-asar]
//
// --no-asar: the app is not packed into app.asar, so the asar-only fuses stay off.
// It refuses the development runtime in node_modules/electron (`npm start` needs Node's switches there).
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flipFuses, FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';

/**
 * The fuses of a packaged Akira. No `ELECTRON_RUN_AS_NODE`, no `NODE_OPTIONS`, no `--inspect`: the
 * signed binary cannot be turned into a plain Node or opened to a debugger. Cookies are encrypted on
 * disk; file:// gets no extra privileges (the UI is served from akira://app). Packed into app.asar,
 * the app loads only from it and its integrity is checked.
 */
export function fuseConfig({ asar = true, platform = process.platform } = {}) {
  return {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: platform === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: asar,
    [FuseV1Options.OnlyLoadAppFromAsar]: asar,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The fuses of `config` that `wire` (getCurrentFuseWire) does not hold as configured. */
export function fuseMismatches(config, wire) {
  const wrong = [];
  for (const [key, value] of Object.entries(config)) {
    const index = Number(key);
    if (!Number.isInteger(index)) continue;
    const want = value ? FuseState.ENABLE : FuseState.DISABLE;
    if (wire[index] !== want) wrong.push(FuseV1Options[index]);
  }
  return wrong;
}

export function isDevelopmentRuntime(path) {
  return resolve(path).split(sep).join('/').includes('/node_modules/electron/');
}

async function main(argv) {
  const args = argv.filter((a) => !a.startsWith('--'));
  const asar = !argv.includes('--no-asar');
  if (args.length !== 1) {
    console.error('Usage: npm run fuses -- <packaged app (Akira.app, Akira.exe or the Linux executable)> [--no-asar]');
    return 2;
  }
  const target = resolve(args[0]);
  if (isDevelopmentRuntime(target)) {
    console.error(`${target} is the development runtime in node_modules; flip the fuses of the packaged app instead.`);
    return 2;
  }
  const config = fuseConfig({ asar });
  await flipFuses(target, config);
  const wrong = fuseMismatches(config, await getCurrentFuseWire(target));
  if (wrong.length) {
    console.error(`Fuses not set as asked in ${target}: ${wrong.join(', ')}`);
    return 1;
  }
  const names = Object.keys(config).filter((k) => Number.isInteger(Number(k)));
  console.log(`Fuses set in ${target}: ${names.map((k) => `${FuseV1Options[Number(k)]}=${config[k] ? 'on' : 'off'}`).join(', ')}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    },
  );
}
