'use strict';
// Finds the Electron runtime without downloading it. (`require('electron')` starts a download
// when the binary is missing, which build machines and offline installs must not do.)
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const INSTALL_COMMAND = 'node node_modules/electron/install.js';

/** The Electron executable's path, or null with the reason it is not usable. */
function findElectronBinary(env = process.env) {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is missing; run `npm install`' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(path) ? { path, reason: null } : { path: null, reason: `no Electron binary at ${path}` };
  }
  if (!relative) return { path: null, reason: `its binary was not downloaded; get it with \`${INSTALL_COMMAND}\`` };
  const path = join(pkgDir, 'dist', relative);
  if (!existsSync(path)) return { path: null, reason: `its binary is missing; get it with \`${INSTALL_COMMAND}\`` };
  return { path, reason: null };
}

module.exports = { findElectronBinary, INSTALL_COMMAND };
