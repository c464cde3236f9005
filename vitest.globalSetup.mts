import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/** Builds the app once when out/main/cli.js is missing (a fresh clone before `npm run build`). */
export default function setup(): void {
  if (existsSync(join(root, 'out', 'main', 'cli.js'))) return;
  console.log('vitest: out/main/cli.js is missing; running `electron-vite build` once…');
  execFileSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}
