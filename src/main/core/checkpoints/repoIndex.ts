import { createHash } from 'node:crypto';

/**
 * Reads the user's `.git/index` (read-only, no git process: nothing the repository configures can run) for the stat
 * data git recorded when it last hashed each file. Format: git's Documentation/gitformat-index.txt, versions 2–4
 * (v4 compresses each path against the previous one). Only plain stage-0 entries are kept: conflicted, intent-to-add,
 * assume-unchanged and skip-worktree entries say nothing reliable about the file on disk. An index that is split
 * (`link` extension), damaged or not SHA-1 gives nothing (the first checkpoint then hashes everything).
 */

export interface IndexEntry {
  mode: number;
  oid: string;
  size: number;
  mtimeSec: number;
  mtimeNsec: number;
  ctimeSec: number;
  ctimeNsec: number;
  ino: number;
}

const ASSUME_VALID = 0x8000;
const EXTENDED = 0x4000;
const STAGE_MASK = 0x3000;
const NAME_MASK = 0x0fff;
const SKIP_WORKTREE = 0x4000;
const INTENT_TO_ADD = 0x2000;

/** git's offset varint (v4 path compression). */
function varint(buf: Buffer, at: number): [number, number] {
  let c = buf[at++];
  let value = c & 127;
  while (c & 128) {
    value += 1;
    c = buf[at++];
    value = value * 128 + (c & 127);
  }
  return [value, at];
}

/** The usable entries by path (repository-relative), or null when the file cannot be trusted whole. */
export function parseIndex(buf: Buffer): Map<string, IndexEntry> | null {
  if (buf.length < 32 || buf.toString('latin1', 0, 4) !== 'DIRC') return null;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const body = buf.subarray(0, buf.length - 20);
  const trailer = buf.subarray(buf.length - 20);
  // index.skipHash writes a zero trailer; otherwise it is the SHA-1 of everything before it.
  if (trailer.some((b) => b !== 0) && !createHash('sha1').update(body).digest().equals(trailer)) return null;
  const count = buf.readUInt32BE(8);
  const entries = new Map<string, IndexEntry>();
  let at = 12;
  let previous = '';
  const names = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count; i++) {
    if (at + 62 > body.length) return null;
    const start = at;
    const flags = buf.readUInt16BE(at + 60);
    let extended = 0;
    at += 62;
    if (flags & EXTENDED) {
      if (version < 3) return null;
      extended = buf.readUInt16BE(at);
      at += 2;
    }
    let path: string;
    if (version === 4) {
      const [strip, next] = varint(buf, at);
      const end = buf.indexOf(0, next);
      if (end === -1 || strip > previous.length) return null;
      // previous is kept as a string: strip counts bytes, so work in bytes.
      const prevBytes = Buffer.from(previous, 'utf8');
      path = names.decode(Buffer.concat([prevBytes.subarray(0, prevBytes.length - strip), buf.subarray(next, end)]));
      at = end + 1;
    } else {
      const len = flags & NAME_MASK;
      const end = len < NAME_MASK ? at + len : buf.indexOf(0, at);
      if (end === -1 || end > body.length) return null;
      path = names.decode(buf.subarray(at, end));
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
      at = start + ((end - start + 8) & ~7);
    }
    previous = path;
    const stage = flags & STAGE_MASK;
    if (stage || flags & ASSUME_VALID || extended & (SKIP_WORKTREE | INTENT_TO_ADD)) continue;
    entries.set(path, {
      ctimeSec: buf.readUInt32BE(start),
      ctimeNsec: buf.readUInt32BE(start + 4),
      mtimeSec: buf.readUInt32BE(start + 8),
      mtimeNsec: buf.readUInt32BE(start + 12),
      ino: buf.readUInt32BE(start + 20),
      mode: buf.readUInt32BE(start + 24),
      size: buf.readUInt32BE(start + 36),
      oid: buf.toString('hex', start + 40, start + 60),
    });
  }
  // Extensions: a split index keeps most entries in another file; not followed.
  while (at + 8 <= body.length) {
    const sig = buf.toString('latin1', at, at + 4);
    if (sig === 'link') return null;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return entries;
}

/** Milliseconds as Node's `Stats.mtimeMs` computes them from seconds and nanoseconds (same double). */
export function msOf(sec: number, nsec: number): number {
  return sec * 1e3 + nsec / 1e6;
}
