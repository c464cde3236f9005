#!/usr/bin/env node
'use strict';
// `npm start`: the desktop app when the Electron runtime is installed, else the same UI in a browser
// (`akira serve`). Usage: npm start [-- folder]
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { findElectronBinary } = require('./electronBinary.cjs');
const { relaunchWithoutSecrets } = require('./secretEnv.cjs');

const root = join(__dirname, '..');
const args = process.argv.slice(2);
// npm runs scripts in the package folder; a relative folder argument means the caller's folder.
const callerDir = process.env.INIT_CWD || process.cwd();
const mainEntry = join(root, 'out', 'main', 'index.js');
if (!existsSync(mainEntry) || !existsSync(join(root, 'out', 'main', 'cli.js'))) {
  process.stderr.write('akira: not built yet: run `npm run build`, then `npm start` again.\n');
  process.exit(2);
}

const electron = findElectronBinary();
if (electron.path) {
  // Electron runs the package folder (package.json "main" → out/main/index.js), so the app has its name and version.
  const child = spawn(electron.path, [root, ...args], { stdio: 'inherit', cwd: callerDir });
  const forward = (signal) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('error', (err) => {
    process.stderr.write(`akira: could not start Electron (${err.message})\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  process.stderr.write(`Electron runtime not installed (${electron.reason}); serving the UI in a browser instead\n`);
  try {
    process.chdir(callerDir);
  } catch {
    // The caller's folder is gone: serve the current folder instead.
  }
  // `akira serve` through bin/akira.cjs, so that the environment's secrets stay out of its process (secretEnv.cjs).
  if (!relaunchWithoutSecrets(join(__dirname, 'akira.cjs'), ['serve', ...args])) {
    process.argv = [process.argv[0], join(root, 'out', 'main', 'cli.js'), 'serve', ...args];
    require(join(root, 'out', 'main', 'cli.js'));
  }
}
