import { PREVIEW_CHARS } from './matchPreview';
import { MAX_FILE_BYTES } from './ripgrepSearch';

/**
 * The Node engine's worker thread: plain CommonJS evaluated from a string (as checkpoints/statPool.ts does), so it
 * needs no bundle entry of its own in any face. Asked `{id, root, source, flags, prefilter, files, limit}`, it reads
 * each file (workspace-relative) and answers `{id, files: [{path, matches}]}` with the files that match, their
 * matches as matchPreview.ts's RawMatch, at most `limit` in all.
 *
 * Like ripgrep: a file over MAX_FILE_BYTES or holding a NUL byte (binary) is skipped, a UTF-8 byte order mark is
 * dropped, lines are split on `\n` and lose a trailing `\r`, empty matches are not matches. A file is opened with
 * O_NOFOLLOW and read only when the open descriptor is the file the path names inside the workspace (on Linux its
 * /proc/self/fd link; elsewhere the same dev and inode as the path, read again), as workspace/confinedFs.ts reads.
 * `prefilter`: one test of the whole text (flag `m`) may rule a file out before its lines are split (not for a
 * query with lookarounds of its own, nor for a file holding `\r`).
 */
export const SEARCH_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const MAX_BYTES = ${MAX_FILE_BYTES};
const WHOLE_LINE = 2000;
const AROUND = ${PREVIEW_CHARS};
const FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW || 0) | (fs.constants.O_NONBLOCK || 0);
const procFd = process.platform === 'linux' && fs.existsSync('/proc/self/fd');
let compiled = null;

function readInside(root, rel) {
  const abs = path.join(root, rel);
  let fd;
  try { fd = fs.openSync(abs, FLAGS); } catch { return null; }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return null;
    if (procFd) {
      if (fs.readlinkSync('/proc/self/fd/' + fd) !== abs) return null;
    } else {
      if (fs.realpathSync(abs) !== abs) return null;
      const now = fs.lstatSync(abs);
      if (now.dev !== st.dev || now.ino !== st.ino) return null;
    }
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < st.size) {
      const got = fs.readSync(fd, buf, n, st.size - n, n);
      if (got <= 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

function search(msg) {
  if (!compiled || compiled.key !== msg.source + '/' + msg.flags) {
    compiled = {
      key: msg.source + '/' + msg.flags,
      re: new RegExp(msg.source, msg.flags),
      whole: msg.prefilter ? new RegExp(msg.source, msg.flags.replace('g', '') + 'm') : null,
    };
  }
  const re = compiled.re;
  const out = [];
  let left = msg.limit;
  for (const rel of msg.files) {
    if (left <= 0) break;
    const buf = readInside(msg.root, rel);
    if (!buf || buf.includes(0)) continue;
    let text = buf.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const hasCr = text.includes('\\r');
    if (compiled.whole && !hasCr && !compiled.whole.test(text)) continue;
    const matches = [];
    let lineNo = 0;
    for (let from = 0; from <= text.length && left > 0; ) {
      let to = text.indexOf('\\n', from);
      if (to < 0) to = text.length;
      lineNo++;
      let line = text.slice(from, to);
      if (hasCr && line.endsWith('\\r')) line = line.slice(0, -1);
      re.lastIndex = 0;
      let m;
      while (left > 0 && (m = re.exec(line))) {
        const start = m.index;
        const end = start + m[0].length;
        if (end === start) { re.lastIndex = start + 1; continue; }
        left--;
        if (line.length <= WHOLE_LINE) matches.push({ line: lineNo, start, end, text: line, offset: 0, lineLength: line.length });
        else {
          const a = Math.max(0, start - AROUND);
          const b = Math.min(line.length, end + AROUND);
          matches.push({ line: lineNo, start, end, text: line.slice(a, b), offset: a, lineLength: line.length });
        }
      }
      if (to === text.length) break;
      from = to + 1;
    }
    if (matches.length) out.push({ path: rel, matches });
  }
  return out;
}

parentPort.on('message', (msg) => {
  let files = [];
  let error = null;
  try { files = search(msg); } catch (err) { error = String(err && err.message || err); }
  parentPort.postMessage({ id: msg.id, files, error });
});
`;
