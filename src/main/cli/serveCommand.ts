import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { homedir } from 'node:os';
import { createCore, type Core } from '../core/createCore';
import { defaultDataDir } from '../core/settings/dataDir';
import type { ServeArgs } from './args';
import { resolveFolder } from './folderArg';
import { cliStrings } from './cliStrings';
import { cliText, type CliIo } from './io';
import { openBrowser } from './openBrowser';
import { serveStrings } from './serveStrings';
import { formatTime } from '../../shared/i18n/formatting';

const SHUTDOWN_GRACE_MS = 5000;

/**
 * The HTTP face as `akira serve` uses it. The process entry (src/main/entry/cli.ts) passes the real one
 * (src/main/server), so the CLI face never imports the server face (an architecture test checks).
 */
export interface HttpFace {
  start(options: {
    core: Core;
    host: string;
    port: number;
    staticDir: string;
    /** A stable token (--token-file); a random one per launch otherwise. */
    token?: string;
    /** Only the API and the WebSocket, no UI files. */
    headless?: boolean;
  }): Promise<{ url: string; close(): Promise<void> }>;
  isLoopbackHost(host: string): boolean;
}

/** Says on stderr when an operation waits for the checkpoint store another process holds; returns the unsubscribe. */
export function reportStoreWaits(core: Core, io: CliIo): () => void {
  return core.bus.on('checkpoints.onWaiting', (waiting) => {
    const secs = Math.max(0, Math.round((Date.now() - waiting.since) / 1000));
    const since = formatTime(io.language ?? 'en', waiting.since);
    io.err(`akira: ${cliText(io, serveStrings).storeWaiting(waiting.pid === null ? '' : String(waiting.pid), waiting.command ?? '', since, secs)}\n`);
  });
}

/** A --token-file that cannot be used: said as is, exit 2. */
class TokenFileError extends Error {}

/** Tokens are URL-safe (they go in `?token=`) and long enough not to be guessed. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]+$/;
const MIN_TOKEN_LENGTH = 32;

/**
 * The token of `--token-file FILE`: read from FILE, which only its owner may read or write (mode 0600 or
 * stricter, checked where modes exist), or, when FILE is missing, a new random one written there with mode
 * 0600 (its folder must exist). Answers the token and whether it was created.
 */
async function tokenFromFile(file: string, t: (typeof serveStrings)['en']): Promise<{ token: string; created: boolean }> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw new TokenFileError(t.cannotRead(file, err.code ?? err.message));
  });
  if (!info) {
    const token = randomBytes(32).toString('base64url');
    try {
      await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new TokenFileError(t.noFolder(dirname(file)));
      throw new TokenFileError(t.cannotCreate(file, code ?? (err as Error).message));
    }
    return { token, created: true };
  }
  if (!info.isFile()) throw new TokenFileError(t.notAFile(file));
  if (process.platform !== 'win32') {
    if ((info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
      throw new TokenFileError(t.openToOthers(file, mode));
    }
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
      throw new TokenFileError(t.otherOwner(file));
    }
  }
  const token = (await readFile(file, 'utf8')).trim();
  if (token === '') throw new TokenFileError(t.empty(file, MIN_TOKEN_LENGTH));
  if (!TOKEN_PATTERN.test(token)) {
    throw new TokenFileError(t.badCharacters(file));
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new TokenFileError(t.tooShort(file, token.length, MIN_TOKEN_LENGTH));
  }
  return { token, created: false };
}

/** `akira serve`: core + HTTP/WebSocket face until SIGINT/SIGTERM; resolves with the exit code. */
export async function serveCommand(args: ServeArgs, io: CliIo, http: HttpFace): Promise<number> {
  const folder = await resolveFolder(args.folder, io.cwd, io.language);
  let token: string | undefined;
  if (args.tokenFile !== null) {
    const file = resolve(io.cwd, args.tokenFile);
    try {
      const read = await tokenFromFile(file, cliText(io, serveStrings));
      token = read.token;
      if (read.created) io.err(`akira: ${cliText(io, serveStrings).created(file)}\n`);
    } catch (err) {
      if (!(err instanceof TokenFileError)) throw err;
      io.err(`akira: ${err.message}\n`);
      return 2;
    }
  }
  // Listen for SIGINT/SIGTERM before anything starts, so a signal that follows the printed URL closely is handled.
  const stopped = io.waitForStop();
  // The browser's Open Folder… browses and opens only inside the user's home and the folder named here (core/folders).
  const browseRoots = [io.env.HOME || io.env.USERPROFILE || homedir(), folder];
  const core = await createCore({ workspaceRoot: folder, dataDir: defaultDataDir(io.env), face: 'browser', version: io.version, browseRoots });
  reportStoreWaits(core, io);
  let server;
  try {
    server = await http.start({ core, host: args.host, port: args.port, staticDir: io.staticDir, token, headless: args.headless });
  } catch (err) {
    await core.dispose();
    io.err(`akira: ${(err as Error).message}\n`);
    return 1;
  }
  io.out(`Akira is serving ${folder} at ${server.url}\n`);
  if (args.headless) {
    const origin = new URL(server.url).origin;
    const wsOrigin = origin.replace(/^http/, 'ws');
    io.err(`akira: ${cliText(io, cliStrings).headless(`${origin}/api/`, `${origin}/api/openapi.json`, `${wsOrigin}/ws`)}\n`);
  }
  if (!http.isLoopbackHost(args.host)) {
    io.err(`akira: ${cliText(io, serveStrings).notLoopback(args.host)}\n`);
  }
  if (args.open && args.headless) io.err(`akira: ${cliText(io, cliStrings).openIgnored}\n`);
  else if (args.open) openBrowser(server.url, (error) => io.err(`akira: ${cliText(io, cliStrings).noBrowser(error)}\n`));

  await stopped;
  const shutdown = Promise.allSettled([server.close(), core.dispose()]);
  const timedOut = await Promise.race([
    shutdown.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), SHUTDOWN_GRACE_MS).unref()),
  ]);
  if (timedOut) io.err('akira: shutdown took too long; exiting anyway\n');
  return 0;
}
