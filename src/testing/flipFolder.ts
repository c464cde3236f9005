import { spawn } from 'node:child_process';

/**
 * Test support for confinement races: a separate process flips `<ws>/<name>` between the real
 * folder and a symlink to `outside` as fast as it can for `ms` milliseconds (the real folder waits
 * at `<ws>/.<name>-real` meanwhile), then puts the folder back. Answers how many flips it made.
 */
const FLIPPER = `
const fs = require('node:fs');
const [ws, name, outside, ms] = process.argv.slice(1);
const sub = ws + '/' + name, stash = ws + '/.' + name + '-real';
const end = Date.now() + Number(ms);
let flips = 0;
while (Date.now() < end) {
  try { fs.renameSync(sub, stash); fs.symlinkSync(outside, sub); flips++; } catch {}
  try { fs.unlinkSync(sub); fs.renameSync(stash, sub); flips++; } catch {}
}
try { fs.unlinkSync(sub); } catch {}
try { fs.renameSync(stash, sub); } catch {}
process.stdout.write(String(flips));
`;

export function flipFolder(ws: string, name: string, outside: string, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', FLIPPER, ws, name, outside, String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(Number(out) || 0)); // 'close': after stdout is read
  });
}
