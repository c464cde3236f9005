// The readers of the API benchmark, in a process of their own so that their parsing does not run on the
// server's event loop: N SSE readers of GET /api/events, or one WebSocket client of /ws (the baseline).
// Each counts the terminal.onData events of one terminal and their characters until the flood's end marker;
// reader 0 acks the terminal (terminal.ack {upTo}) as a client must, or the pty pauses after 256K characters
// (`"ack": false` for events the benchmark emits itself).
//
//   node bench/api/readers.mjs '{"mode":"sse","count":20,"origin":"http://127.0.0.1:1234","token":"…","terminalId":"…","marker":"…"}'
//
// Prints READY once every reader is connected, then one JSON line with the results, and exits.
import { Agent, request } from 'node:http';
import WebSocket from 'ws';

const { mode, count, origin, token, terminalId, marker, ack = true } = JSON.parse(process.argv[2]);
const ACK_EVERY = 64 * 1024;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function newStats(index) {
  return { index, events: 0, chars: 0, wireBytes: 0, firstAt: 0, doneAt: 0, overflow: false, gap: false, closed: false, tail: '', end: 0 };
}

let finished = 0;
const stats = Array.from({ length: count }, (_, i) => newStats(i));
let ackInFlight = false;
let acked = 0;
let sendAck = () => {};

function maybeAck(s, force) {
  if (!ack || s.index !== 0 || ackInFlight) return;
  if (s.end - acked < ACK_EVERY && !(force && s.end > acked)) return;
  ackInFlight = true;
  const upTo = s.end;
  sendAck(upTo, () => {
    acked = Math.max(acked, upTo);
    ackInFlight = false;
    maybeAck(s, s.doneAt > 0);
  });
}

function onData(s, payload) {
  if (payload.terminalId !== terminalId || s.doneAt) return;
  const now = performance.now();
  if (!s.firstAt) s.firstAt = now;
  s.events++;
  s.chars += payload.data.length;
  if (typeof payload.end === 'number') s.end = payload.end;
  const seen = s.tail + payload.data;
  if (seen.includes(marker)) {
    s.doneAt = now;
    finish(s);
  }
  s.tail = seen.slice(-marker.length);
  maybeAck(s, s.doneAt > 0);
}

function finish() {
  finished++;
  if (finished === count) report();
}

function report() {
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ readers: stats.map(({ tail: _t, ...rest }) => rest), cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  setTimeout(() => process.exit(0), 50);
}

function sseReader(s) {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/events`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE status ${res.statusCode}`));
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk) => {
        s.wireBytes += Buffer.byteLength(chunk);
        pending += chunk;
        let start = 0;
        for (;;) {
          const end = pending.indexOf('\n\n', start);
          if (end === -1) break;
          const block = pending.slice(start, end);
          start = end + 2;
          const eventAt = block.indexOf('\nevent: ');
          const dataAt = block.indexOf('\ndata: ');
          if (block.startsWith('event: overflow')) s.overflow = true;
          if (block.startsWith('event: gap')) s.gap = true;
          if (eventAt === -1 || dataAt === -1) continue;
          const name = block.slice(eventAt + 8, dataAt);
          if (name !== 'terminal.onData') continue;
          onData(s, JSON.parse(block.slice(dataAt + 7)));
        }
        if (start > 0) pending = pending.slice(start);
      });
      res.on('close', () => {
        s.closed = true;
        if (!s.doneAt) {
          s.doneAt = performance.now();
          finish(s);
        }
      });
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
}

function postAck(upTo, done) {
  const body = JSON.stringify({ terminalId, upTo });
  const req = request(
    `${origin}/api/terminal.ack`,
    { method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
    (res) => {
      res.resume();
      res.on('end', done);
    },
  );
  req.on('error', done);
  req.end(body);
}

function wsReader(s) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws?token=${token}`, { perMessageDeflate: false });
    let nextId = 1;
    const waiting = new Map();
    sendAck = (upTo, done) => {
      const id = nextId++;
      waiting.set(id, done);
      ws.send(JSON.stringify({ id, method: 'terminal.ack', params: { terminalId, upTo } }));
    };
    ws.on('message', (raw) => {
      const text = String(raw);
      s.wireBytes += Buffer.byteLength(text);
      const frame = JSON.parse(text);
      if (frame.event === 'terminal.onData') onData(s, frame.data);
      else if ('id' in frame && waiting.has(frame.id)) {
        const done = waiting.get(frame.id);
        waiting.delete(frame.id);
        done();
      }
    });
    ws.on('open', () => resolve());
    ws.on('error', reject);
    ws.on('close', () => {
      s.closed = true;
      if (!s.doneAt) {
        s.doneAt = performance.now();
        finish(s);
      }
    });
  });
}

if (mode === 'sse') {
  sendAck = postAck;
  await Promise.all(stats.map(sseReader));
} else {
  await Promise.all(stats.map(wsReader));
}
process.stdout.write('READY\n');
