// The bare reference of the terminal benchmark (issue 16): the same xterm.js fed by node-pty over a plain
// WebSocket with VS Code's pty-host habits, and nothing else: no React, no contract, no JSON framing of output.
//   - output batched for 5 ms (VS Code's TerminalDataBufferer), sent as plain text frames;
//   - flow control in characters: the pty pauses above 100,000 unacknowledged and resumes below 5,000
//     (FlowControlConstants.HighWatermarkChars / LowWatermarkChars); the page acks every 5,000 characters
//     from xterm's write callback (CharCountAckSize).
// It is the floor of what the browser costs. Keep it bare: do not tune it.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const HIGH = 100_000;
const LOW = 5_000;
const BATCH_MS = 5;

const files = {
  '/': ['text/html', join(here, 'bare.html')],
  '/xterm.js': ['text/javascript', require.resolve('@xterm/xterm/lib/xterm.js')],
  '/xterm.css': ['text/css', require.resolve('@xterm/xterm/css/xterm.css')],
  '/addon-fit.js': ['text/javascript', require.resolve('@xterm/addon-fit/lib/addon-fit.js')],
  '/addon-webgl.js': ['text/javascript', require.resolve('@xterm/addon-webgl/lib/addon-webgl.js')],
};

/** Starts the reference on 127.0.0.1; `shell` is the program each connection runs in a pty. */
export function startBareServer({ shell = '/bin/bash', args = ['--norc', '--noprofile'], cwd = process.cwd(), env = process.env } = {}) {
  const pty = require('node-pty');
  const server = createServer((req, res) => {
    const entry = files[new URL(req.url, 'http://x').pathname];
    if (!entry) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': entry[0] }).end(readFileSync(entry[1]));
  });
  const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const q = new URL(req.url, 'http://x').searchParams;
    const term = pty.spawn(shell, args, {
      name: 'xterm-256color',
      cols: Number(q.get('cols') ?? 80),
      rows: Number(q.get('rows') ?? 24),
      cwd,
      env: { ...env, TERM: 'xterm-256color', PS1: '$ ' },
      encoding: 'utf8',
    });
    let buffered = [];
    let timer = null;
    let unacked = 0;
    let paused = false;
    const flush = () => {
      timer = null;
      const data = buffered.join('');
      buffered = [];
      if (data) ws.send(data);
    };
    term.onData((data) => {
      buffered.push(data);
      timer ??= setTimeout(flush, BATCH_MS);
      unacked += data.length;
      if (!paused && unacked > HIGH) {
        paused = true;
        term.pause();
      }
    });
    term.onExit(() => ws.close());
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.t === 'i') term.write(msg.d);
      else if (msg.t === 'r') term.resize(msg.cols, msg.rows);
      else if (msg.t === 'a') {
        unacked = Math.max(0, unacked - msg.n);
        if (paused && unacked < LOW) {
          paused = false;
          term.resume();
        }
      }
    });
    ws.on('close', () => term.kill());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((done) => {
          for (const c of wss.clients) c.terminate();
          server.close(() => done());
        }),
      });
    });
  });
}
