import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Served {
  url: string;
  origin: string;
  token: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const bin = resolve(__dirname, '..', '..', 'bin', 'akira.cjs');

/** Runs the real `akira serve <folder> --port 0` and waits for the line with its URL. */
export function serve(folder: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-data-'));
  // A home of its own: the terminals' shells read no rc files of this machine. (~/.bashrc here runs `pyenv rehash`;
  // a shell killed during it, as a test's end kills them, leaves a lock that makes every later shell wait 60 s.)
  const home = mkdtempSync(join(tmpdir(), 'akira-home-'));
  const child = spawn(process.execPath, [bin, 'serve', folder, '--port', '0'], {
    env: { ...process.env, HOME: home, AKIRA_DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`akira serve did not print its URL:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Akira is serving .* at (http:\/\/[^\s]+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const url = new URL(match[1]);
      resolvePromise({
        url: match[1],
        origin: url.origin,
        token: url.searchParams.get('token') ?? '',
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`akira serve exited with ${code}:\n${output}`));
    });
  });
}
