import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { isStdio, type McpServerEntry } from './mcpConfig';

/**
 * One connection to one MCP server through the official SDK: a stdio child process (its stderr kept, the last
 * STDERR_TAIL characters) or a streamable HTTP endpoint.
 *
 *   const conn = await connectMcp(entry, {root, initTimeoutMs, onClose})   // rejects when initialize fails or times out
 *   conn.client.listTools() …   conn.stderrTail()   await conn.close()
 *
 * A stdio server gets the SDK's default environment (HOME, PATH, USER, SHELL, TERM, LOGNAME) plus its own `env`:
 * none of Akira's keys. `onClose` is called once when the connection ends by itself (a crash, the server quitting),
 * not when `close()` ends it.
 *
 * Roots (issue 24): the client declares `roots: {listChanged: true}` and answers `roots/list` with `roots()` (the
 * workspace, or the worktrees of the sessions that run: mcpHub.ts); `conn.rootsChanged()` sends
 * `notifications/roots/list_changed` so that a server such as server-filesystem asks again.
 */

export const STDERR_TAIL = 4000;
export const CLIENT_INFO = { name: 'akira', version: '1' };

export interface McpConnection {
  client: Client;
  /** Tells the server that the roots changed (it asks `roots/list` again). */
  rootsChanged(): Promise<void>;
  stderrTail(): string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  root: string;
  initTimeoutMs: number;
  onClose: (why: string) => void;
  /** The stderr tail as it grows (kept by the hub past the connection's end: what a failed server said). */
  onStderr?: (tail: string) => void;
  /** The folders the server may work on (absolute paths), asked on each `roots/list`; default the workspace. */
  roots?: () => readonly string[];
}

/** A folder as an MCP root: its file:// URI and its name. */
export const rootOf = (path: string) => ({ uri: pathToFileURL(path).href, name: basename(path) || path });

export async function connectMcp(entry: McpServerEntry, options: ConnectOptions): Promise<McpConnection> {
  let tail = '';
  let transport: Transport;
  const config = entry.config;
  if (isStdio(config)) {
    const stdio = new StdioClientTransport({
      command: config.command,
      args: config.args ?? [],
      env: { ...getDefaultEnvironment(), ...config.env },
      cwd: config.cwd ? resolve(options.root, config.cwd) : options.root,
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
      options.onStderr?.(tail);
    });
    transport = stdio;
  } else {
    transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers ?? {} } });
  }
  const client = new Client(CLIENT_INFO, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: (options.roots?.() ?? [options.root]).map(rootOf) }));
  let closing = false;
  let closed = false;
  client.onclose = () => {
    if (closed) return;
    closed = true;
    if (!closing) options.onClose(tail.trim() ? `it stopped; its last output: ${tail.trim().slice(-500)}` : 'it stopped');
  };
  try {
    await client.connect(transport, { timeout: options.initTimeoutMs });
  } catch (err) {
    closing = true;
    await client.close().catch(() => undefined);
    const message = (err as Error).message ?? String(err);
    const timedOut = /timed? ?out/i.test(message);
    throw new Error(
      timedOut
        ? `it did not answer initialize within ${Math.round(options.initTimeoutMs / 1000)} s${tail.trim() ? `; its output: ${tail.trim().slice(-500)}` : ''}`
        : `${message}${tail.trim() ? `; its output: ${tail.trim().slice(-500)}` : ''}`,
    );
  }
  return {
    client,
    stderrTail: () => tail,
    rootsChanged: () => (closed || closing ? Promise.resolve() : client.sendRootsListChanged().catch(() => undefined)),
    async close() {
      closing = true;
      await client.close().catch(() => undefined);
    },
  };
}
