import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
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
  return core.bus.on('checkpoints.onWaiting', (waiting) => io.err(`akira: ${waiting.message}\n`));
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
async function tokenFromFile(file: string): Promise<{ token: string; created: boolean }> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw new TokenFileError(`Cannot read --token-file ${file}: ${err.code ?? err.message}`);
  });
  if (!info) {
    const token = randomBytes(32).toString('base64url');
    try {
      await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new TokenFileError(`The folder of --token-file does not exist: ${dirname(file)}`);
      throw new TokenFileError(`Cannot create --token-file ${file}: ${code ?? (err as Error).message}`);
    }
    return { token, created: true };
  }
  if (!info.isFile()) throw new TokenFileError(`--token-file ${file} is not a file`);
  if (process.platform !== 'win32') {
    if ((info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
      throw new TokenFileError(`--token-file ${file} can be read or changed by other users (mode ${mode}); run: chmod 600 ${file}`);
    }
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
      throw new TokenFileError(`--token-file ${file} belongs to another user; use a file of your own`);
    }
  }
  const token = (await readFile(file, 'utf8')).trim();
  if (token === '') throw new TokenFileError(`--token-file ${file} is empty; put a token in it (at least ${MIN_TOKEN_LENGTH} characters), or delete it to have one made`);
  if (!TOKEN_PATTERN.test(token)) {
    throw new TokenFileError(`The token in --token-file ${file} must be one line of letters, digits and . _ ~ - (it goes in URLs)`);
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new TokenFileError(`The token in --token-file ${file} is too short (${token.length} characters; at least ${MIN_TOKEN_LENGTH})`);
  }
  return { token, created: false };
}

/** `akira serve`: core + HTTP/WebSocket face until SIGINT/SIGTERM; resolves with the exit code. */
export async function serveCommand(args: ServeArgs, io: CliIo, http: HttpFace): Promise<number> {
  const folder = await resolveFolder(args.folder, io.cwd);
  let token: string | undefined;
  if (args.tokenFile !== null) {
    const file = resolve(io.cwd, args.tokenFile);
    try {
      const read = await tokenFromFile(file);
      token = read.token;
      if (read.created) io.err(`akira: created ${file} with a new token (mode 0600)\n`);
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
    io.err(`akira: headless: no UI; the HTTP API is at ${origin}/api/ (described at ${origin}/api/openapi.json), the WebSocket at ${wsOrigin}/ws\n`);
  }
  if (!http.isLoopbackHost(args.host)) {
    io.err(
      `akira: warning: listening on ${args.host}, not loopback: anyone who can reach this machine and learns the token ` +
        'can read your files and run commands. Use --host 127.0.0.1 unless you mean it.\n',
    );
  }
  if (args.open && args.headless) io.err('akira: --open ignored: a headless server has no UI to open\n');
  else if (args.open) openBrowser(server.url, (message) => io.err(`akira: ${message}\n`));

  await stopped;
  const shutdown = Promise.allSettled([server.close(), core.dispose()]);
  const timedOut = await Promise.race([
    shutdown.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), SHUTDOWN_GRACE_MS).unref()),
  ]);
  if (timedOut) io.err('akira: shutdown took too long; exiting anyway\n');
  return 0;
}
