#!/usr/bin/env node
// Raw node-pty throughput: how fast plain node-pty delivers `seq 1 N` (default 3,000,000) from spawn
// until the last byte was read. The reference for the pty → screen benchmark of the UI.
//
//   node bench/pty-raw.mjs [lines]   → prints {"bytes":…,"seconds":…,"bytesPerSec":…,…}
//
// Draining: node-pty can lose the tail of the output when the program exits at once, so the command
// prints a marker after seq and waits; the clock stops when the marker was read (nothing is left in
// the kernel), then the script releases the waiting shell.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const MARK = '\u001b]777;akira-bench-done\u0007';

/** Bytes (UTF-8, as read from the pty, i.e. with the terminal's \r\n) that `seq 1 lines` produces. */
export function expectedBytes(lines) {
  let bytes = 0;
  for (let n = 1; n <= lines; n++) bytes += String(n).length + 2;
  return bytes;
}

export function measurePtyRaw({ lines = 3_000_000, cols = 120, rows = 40 } = {}) {
  const pty = require('node-pty');
  return new Promise((resolve, reject) => {
    const script = `seq 1 ${lines}; printf '\\033]777;akira-bench-done\\007'; IFS= read -r _`;
    const start = process.hrtime.bigint();
    const term = pty.spawn('/bin/sh', ['-c', script], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: process.cwd(),
      env: { ...process.env, TERM: 'xterm-256color' },
    });
    let bytes = 0;
    let chunks = 0;
    let tail = '';
    let result = null;
    term.onData((data) => {
      if (result) return;
      chunks++;
      const text = tail + data;
      const at = text.indexOf(MARK);
      if (at < 0) {
        bytes += Buffer.byteLength(data);
        tail = text.slice(-MARK.length);
        return;
      }
      // Count only what precedes the marker.
      bytes += Buffer.byteLength(data) - Buffer.byteLength(text.slice(at));
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      result = { bytes, seconds, bytesPerSec: Math.round(bytes / seconds), lines, chunks };
      term.write('\n');
    });
    term.onExit(({ exitCode }) => {
      if (!result) return reject(new Error(`the benchmark shell exited (${exitCode}) before its output was complete`));
      const expected = expectedBytes(lines);
      // The first chunk may hold the command's own echo; anything short of the expected count is a loss.
      result.complete = result.bytes >= expected;
      result.expectedBytes = expected;
      resolve(result);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lines = Number(process.argv[2] ?? 3_000_000);
  measurePtyRaw({ lines })
    .then((r) => console.log(JSON.stringify(r)))
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
