import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createCore } from '../core/createCore';
import { defaultDataDir } from '../core/settings/dataDir';
import { isLoopbackHost } from '../server/access';
import { startServer } from '../server/httpServer';
import { UsageError, type ServeArgs } from './args';
import type { CliIo } from './io';
import { openBrowser } from './openBrowser';

const SHUTDOWN_GRACE_MS = 5000;

/** The folder to serve, as its real absolute path, or a usage error. */
export async function resolveFolder(folder: string | null, cwd: string): Promise<string> {
  const wanted = resolve(cwd, folder ?? '.');
  const real = await realpath(wanted).catch(() => null);
  if (!real) throw new UsageError(`Folder not found: ${wanted}`);
  if (!(await stat(real)).isDirectory()) throw new UsageError(`Not a folder: ${wanted}`);
  return real;
}

/** `akira serve`: core + HTTP/WebSocket face until SIGINT/SIGTERM; resolves with the exit code. */
export async function serveCommand(args: ServeArgs, io: CliIo): Promise<number> {
  const folder = await resolveFolder(args.folder, io.cwd);
  // Listen for SIGINT/SIGTERM before anything starts, so a signal that follows the printed URL closely is handled.
  const stopped = io.waitForStop();
  const core = await createCore({ workspaceRoot: folder, dataDir: defaultDataDir(io.env), face: 'browser', version: io.version });
  let server;
  try {
    server = await startServer({ core, host: args.host, port: args.port, staticDir: io.staticDir });
  } catch (err) {
    await core.dispose();
    io.err(`akira: ${(err as Error).message}\n`);
    return 1;
  }
  io.out(`Akira is serving ${folder} at ${server.url}\n`);
  if (!isLoopbackHost(args.host)) {
    io.err(
      `akira: warning: listening on ${args.host}, not loopback: anyone who can reach this machine and learns the token ` +
        'can read your files and run commands. Use --host 127.0.0.1 unless you mean it.\n',
    );
  }
  if (args.open) openBrowser(server.url, (message) => io.err(`akira: ${message}\n`));

  await stopped;
  const shutdown = Promise.allSettled([server.close(), core.dispose()]);
  const timedOut = await Promise.race([
    shutdown.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), SHUTDOWN_GRACE_MS).unref()),
  ]);
  if (timedOut) io.err('akira: shutdown took too long; exiting anyway\n');
  return 0;
}
