#!/usr/bin/env node
'use strict';
// The `akira` command. The CLI is built by `npm run build` (run by `prepare` on npm ci / npm install).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('akira: not built yet: run `npm run build` in the Akira folder, then try again.\n');
  process.exit(2);
}
require(cli);
