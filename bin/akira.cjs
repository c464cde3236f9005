#!/usr/bin/env node
'use strict';
// The `akira` command. The CLI is built by `npm run build` (run by `prepare` on npm ci / npm install).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { receiveSecrets, relaunchWithoutSecrets } = require('./secretEnv.cjs');

const cli = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('akira: not built yet: run `npm run build` in the Akira folder, then try again.\n');
  process.exit(2);
}
// Secrets (OPENAI_API_KEY, …) are kept out of the environment Akira starts with (secretEnv.cjs); --version and
// --help start nothing, so they are not worth a second process.
const args = process.argv.slice(2);
const startsNothing = args.length === 1 && ['--version', '-v', '-V', 'version', '--help', '-h', 'help'].includes(args[0]);
if (startsNothing || !relaunchWithoutSecrets(__filename, args)) {
  receiveSecrets();
  require(cli);
}
