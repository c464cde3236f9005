import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { detectSandbox, type SandboxAvailability } from '../main/core/sandbox/sandboxAvailability';
import type { WrappedCommand } from '../main/core/sandbox/createSandbox';
import { initRepoWithCommit } from './gitCli';
import { writeTree } from './tempTree';

/**
 * Test support for the OS sandbox (src/main/core/sandbox): whether real bubblewrap works here (tests skip with the
 * reason printed when not), a fixture of a git workspace, a fake home with an SSH key and a data folder, and a way
 * to run a wrapped command and read what it printed.
 *
 * The fake home and the "outside" folder are under /var/tmp, not /tmp: the sandbox's /tmp is an empty tmpfs, so a
 * denial tested under /tmp would pass for the wrong reason.
 */

let probed: Promise<SandboxAvailability> | null = null;
/** Real bubblewrap and socat, probed once per test file; `skip` is the reason to print when they are missing. */
export async function realSandbox(): Promise<{ availability: SandboxAvailability; skip: string | null }> {
  probed ??= detectSandbox();
  const availability = await probed;
  return { availability, skip: availability.available ? null : `no sandbox here: ${availability.reason.en}` };
}

export interface SandboxFixture {
  /** A git repository with AGENTS.md, .akira/settings.json and one commit. */
  root: string;
  home: string;
  dataDir: string;
  /** A folder outside everything writable (its files must stay as they are). */
  outside: string;
  cleanup(): void;
}

export async function sandboxFixture(): Promise<SandboxFixture> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'akira-sbx-ws-')));
  const varTmp = realpathSync(mkdtempSync(join('/var/tmp', 'akira-sbx-test-')));
  const home = join(varTmp, 'home');
  const dataDir = join(home, '.config', 'akira');
  const outside = join(varTmp, 'outside');
  mkdirSync(outside, { recursive: true });
  await writeTree(root, {
    'README.md': '# project\n',
    'AGENTS.md': '# rules\n',
    '.akira/settings.json': '{}\n',
    'src/a.ts': 'export const a = 1;\n',
  });
  initRepoWithCommit(root);
  await writeTree(home, {
    '.ssh/id_rsa': 'FAKE-PRIVATE-KEY-SECRET\n',
    '.netrc': 'machine example.com password NETRC-SECRET\n',
    '.bashrc': '# rc\n',
    '.config/akira/settings.json': '{"model":{"apiKey":"DATA-DIR-SECRET"}}\n',
  });
  return {
    root,
    home,
    dataDir,
    outside,
    cleanup() {
      rmSync(root, { recursive: true, force: true });
      rmSync(varTmp, { recursive: true, force: true });
    },
  };
}

/** Runs what `wrap` answered (pipes, not a pty) and collects stdout and stderr together. */
export function runWrapped(w: WrappedCommand, cwd: string, timeoutMs = 30_000): Promise<{ code: number | null; out: string }> {
  return new Promise((done, fail) => {
    const child = spawn(w.file, w.args, { cwd, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

/** An HTTP server on 127.0.0.1 that answers `body` and counts its requests. */
export async function localServer(body = 'LOCAL-SERVER-REACHED'): Promise<{ server: Server; port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end(`${body}\n`);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
