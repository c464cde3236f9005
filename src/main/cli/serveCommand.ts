import { homedir } from 'node:os';
import { createCore, type Core } from '../core/createCore';
import { defaultDataDir } from '../core/settings/dataDir';
import type { ServeArgs } from './args';
import { resolveFolder } from './folderArg';
import type { CliIo } from './io';
import { openBrowser } from './openBrowser';

const SHUTDOWN_GRACE_MS = 5000;

/**
 * The HTTP face as `akira serve` uses it. The process entry (src/main/entry/cli.ts) passes the real one
 * (src/main/server), so the CLI face never imports the server face (an architecture test checks).
 */
export interface HttpFace {
  start(options: { core: Core; host: string; port: number; staticDir: string }): Promise<{ url: string; close(): Promise<void> }>;
  isLoopbackHost(host: string): boolean;
}

/** Says on stderr when an operation waits for the checkpoint store another process holds; returns the unsubscribe. */
export function reportStoreWaits(core: Core, io: CliIo): () => void {
  return core.bus.on('checkpoints.onWaiting', (waiting) => io.err(`akira: ${waiting.message}\n`));
}

/** `akira serve`: core + HTTP/WebSocket face until SIGINT/SIGTERM; resolves with the exit code. */
export async function serveCommand(args: ServeArgs, io: CliIo, http: HttpFace): Promise<number> {
  const folder = await resolveFolder(args.folder, io.cwd);
  // Listen for SIGINT/SIGTERM before anything starts, so a signal that follows the printed URL closely is handled.
  const stopped = io.waitForStop();
  // The browser's Open Folder… browses and opens only inside the user's home and the folder named here (core/folders).
  const browseRoots = [io.env.HOME || io.env.USERPROFILE || homedir(), folder];
  const core = await createCore({ workspaceRoot: folder, dataDir: defaultDataDir(io.env), face: 'browser', version: io.version, browseRoots });
  reportStoreWaits(core, io);
  let server;
  try {
    server = await http.start({ core, host: args.host, port: args.port, staticDir: io.staticDir });
  } catch (err) {
    await core.dispose();
    io.err(`akira: ${(err as Error).message}\n`);
    return 1;
  }
  io.out(`Akira is serving ${folder} at ${server.url}\n`);
  if (!http.isLoopbackHost(args.host)) {
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
