import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { createPidLock, describeHolder, liveLockHolder, parseLockContent, readLockHolder } from './pidLock';

const DEAD_PID = 2 ** 22 + 12345; // above Linux's pid_max: never a live process

let dir = '';
let cleanup: () => Promise<void> = async () => {};
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('akira-pidlock-'));
});
afterEach(() => cleanup());

describe('pidLock', () => {
  it('reads both formats, the old ones included (no token, since from the file or its mtime)', () => {
    expect(parseLockContent(`${process.pid} host-a tok\n`)).toEqual({ pid: process.pid, host: 'host-a', token: 'tok', since: NaN });
    expect(parseLockContent('12 host-a\n')).toEqual({ pid: 12, host: 'host-a', token: '', since: NaN });
    expect(parseLockContent(JSON.stringify({ pid: 12, host: 'h', since: '2026-01-02T03:04:05.000Z' }))).toEqual({
      pid: 12,
      host: 'h',
      token: '',
      since: Date.parse('2026-01-02T03:04:05.000Z'),
    });
    for (const bad of ['', '  \n', '{"pid":', '{"pid":"12","host":"h"}', 'abc host', '-1 host', '12']) expect(parseLockContent(bad)).toBeNull();
  });

  it('takes a free lock, refuses a second one (even in this process), and releases only its own', () => {
    for (const format of ['json', 'text'] as const) {
      const path = join(dir, `${format}.lock`);
      const a = createPidLock(path, format);
      const b = createPidLock(path, format);
      expect(a.tryAcquire()).toBe(true);
      expect(b.tryAcquire()).toBe(false);
      const text = readFileSync(path, 'utf8');
      expect(format === 'json' ? JSON.parse(text) : text).toMatchObject(format === 'json' ? { pid: process.pid, host: hostname() } : expect.stringMatching(new RegExp(`^${process.pid} ${hostname()} [0-9a-f]{12}\\n$`)));
      expect(liveLockHolder(path)).toMatchObject({ pid: process.pid, host: hostname() });
      b.release(); // not its lock
      expect(existsSync(path)).toBe(true);
      a.release();
      expect(existsSync(path)).toBe(false);
      expect(b.tryAcquire()).toBe(true);
      b.release();
    }
  });

  it('takes over a stale lock (dead pid, either format) but not one on another host', () => {
    const path = join(dir, 'lock');
    const lock = createPidLock(path, 'text');
    for (const old of [`${DEAD_PID} ${hostname()} x\n`, JSON.stringify({ pid: DEAD_PID, host: hostname(), since: '' })]) {
      writeFileSync(path, old);
      expect(liveLockHolder(path)).toBeNull();
      expect(readLockHolder(path)).toMatchObject({ pid: DEAD_PID });
      expect(lock.tryAcquire()).toBe(true);
      lock.release();
    }
    writeFileSync(path, `${DEAD_PID} elsewhere.invalid x\n`);
    expect(lock.tryAcquire()).toBe(false);
    expect(describeHolder(liveLockHolder(path)!)).toMatch(new RegExp(`^process ${DEAD_PID} on elsewhere.invalid since`));
  });

  it('an unreadable lock is held while fresh (being written) and stale after 10 s', () => {
    const path = join(dir, 'lock');
    writeFileSync(path, '');
    const lock = createPidLock(path, 'json');
    expect(lock.tryAcquire()).toBe(false);
    expect(liveLockHolder(path)).toMatchObject({ pid: null, command: null });
    const old = new Date(Date.now() - 11_000);
    utimesSync(path, old, old);
    expect(liveLockHolder(path)).toBeNull();
    expect(lock.tryAcquire()).toBe(true);
    lock.release();
  });

  it('names a live holder with its command line (Linux)', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    try {
      const path = join(dir, 'lock');
      writeFileSync(path, `${child.pid} ${hostname()} other\n`);
      const holder = liveLockHolder(path)!;
      expect(holder.pid).toBe(child.pid);
      if (process.platform === 'linux') expect(describeHolder(holder)).toMatch(new RegExp(`^process ${child.pid} \\(node -e setInterval.*\\) since \\d`));
    } finally {
      child.kill('SIGKILL');
    }
  });
});
