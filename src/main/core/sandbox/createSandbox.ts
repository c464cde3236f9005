import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { sandboxErrors, type Words } from '../../../shared/errors';
import { AkiraError } from '../errors';
import { bwrapArgs } from './bwrapArgs';
import { bridgeScript, INNER_NAME, sandboxEnv } from './sandboxCommand';
import { sandboxAvailability, type SandboxAvailability } from './sandboxAvailability';
import { planSandbox } from './sandboxPaths';
import { startSandboxProxy, type BlockedConnection, type SandboxProxy } from './sandboxProxy';
import type { Resolver } from './proxyDecision';
import { sandboxPathsOf, type SandboxSettings } from './sandboxSettings';

/**
 * One session's sandbox (issue 26): what to spawn for each agent command, and the network proxy behind it.
 *
 *   const sandbox = await createSandbox({ settings, root, home, dataDir, readOnly: SANDBOX_READ_ONLY });
 *   const { file, args, env } = sandbox.wrap('npm test', { cwd: root, env: commandEnv(process.env, …) });
 *   pty.spawn(file, args, { cwd, env });            // bwrap … (or bash -c when there is no sandbox)
 *   sandbox.onBlocked(({ host, port, reason }) => …); sandbox.setNetworkAllow([...allow, host]);
 *   await sandbox.dispose();
 *
 * - `available`: commands are sandboxed (mode `auto` or `required` and the system has bubblewrap and socat); else
 *   `reason` says why in words, with how to install one.
 * - Mode `required` without a sandbox: `wrap` throws AkiraError `unavailable` (sandbox.required), nothing runs.
 * - The session's temp folder (TMPDIR, writable) and the proxy's socket live in a private folder under the system's
 *   temp folder; `dispose()` stops the proxy and removes both.
 */

export interface CreateSandboxOptions {
  /** The sandbox settings in effect (sandboxSettings.ts: global, tightened by the workspace). */
  settings: SandboxSettings;
  /** The workspace, or the session's worktree: writable. */
  root: string;
  /** The user's home (`~` in the settings; HOME inside unless the caller's environment says otherwise). */
  home: string;
  /** Akira's data folder: never readable inside. */
  dataDir: string;
  /** Workspace-relative paths that stay read-only (agent/policy SANDBOX_READ_ONLY). */
  readOnly: readonly string[];
  /** The session's temp folder (default: a new one, removed on dispose). */
  sessionTmp?: string;
  /** Default: this machine's, probed once per process. Tests pass one to simulate "not available". */
  availability?: SandboxAvailability | (() => Promise<SandboxAvailability>);
  /** The shell that runs the command inside (default bash, else sh). */
  shell?: string;
  /** Proxy hooks for tests (proxyDecision.ts, sandboxProxy.ts). */
  resolve?: Resolver;
  dial?(address: string, port: number): Socket;
}

export interface WrappedCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** False: it runs as it is (mode `off`, or `auto` with no sandbox here). */
  sandboxed: boolean;
}

export interface Sandbox {
  readonly available: boolean;
  /** Why commands are not sandboxed (null when they are). */
  readonly reason: Words | null;
  /** How to get a sandbox (null: nothing to install, or it is there). */
  readonly hint: Words | null;
  readonly sessionTmp: string;
  wrap(command: string, opts: { cwd?: string; env?: Record<string, string> }): WrappedCommand;
  /** Each connection the proxy refused; returns the unsubscribe. */
  onBlocked(listener: (blocked: BlockedConnection) => void): () => void;
  /** Replaces the allowed domains from the next connection on (e.g. "allow for this session"). */
  setNetworkAllow(allow: readonly string[]): void;
  dispose(): Promise<void>;
}

export async function createSandbox(options: CreateSandboxOptions): Promise<Sandbox> {
  const { settings } = options;
  const availability =
    settings.mode === 'off'
      ? null
      : typeof options.availability === 'function'
        ? await options.availability()
        : (options.availability ?? (await sandboxAvailability()));
  const shell = options.shell ?? (existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh');
  const own = mkdtempSync(join(tmpdir(), 'akira-sbx-'));
  const sessionTmp = options.sessionTmp ?? join(own, 'tmp');
  mkdirSync(sessionTmp, { recursive: true });
  const listeners = new Set<(b: BlockedConnection) => void>();
  let allow: readonly string[] = [...settings.network.allow];
  let proxy: SandboxProxy | null = null;

  const sandboxed = availability?.available === true;
  if (sandboxed) {
    try {
      proxy = await startSandboxProxy({
        socketPath: join(own, 'proxy.sock'),
        allowList: () => allow,
        onBlocked: (b) => listeners.forEach((l) => l(b)),
        resolve: options.resolve,
        dial: options.dial,
      });
    } catch (err) {
      rmSync(own, { recursive: true, force: true });
      throw new AkiraError('internal', sandboxErrors.proxyFailed(err instanceof Error ? err.message : String(err)));
    }
  }
  const reason: Words | null = availability === null ? sandboxErrors.unavailable('off', '') : availability.available ? null : availability.reason;
  const hint = availability && !availability.available ? availability.hint : null;
  const paths = sandboxPathsOf(settings, { home: options.home, root: options.root, dataDir: options.dataDir });

  return {
    available: sandboxed,
    reason,
    hint,
    sessionTmp,
    wrap(command, opts) {
      const callerEnv = opts.env ?? {};
      if (!sandboxed || !availability?.available) {
        if (settings.mode === 'required') {
          const a = availability && !availability.available ? availability : { kind: 'platform', detail: process.platform };
          throw new AkiraError('unavailable', sandboxErrors.required(a.kind, a.detail));
        }
        return { file: shell, args: ['-c', command], env: { ...callerEnv }, sandboxed: false };
      }
      const plan = planSandbox({
        root: options.root,
        cwd: opts.cwd,
        sessionTmp,
        allowWrite: paths.allowWrite,
        denyRead: paths.denyRead,
        allowRead: paths.allowRead,
        alwaysDenied: [options.dataDir],
        readOnly: options.readOnly,
        proxySocket: proxy?.socketPath ?? null,
      });
      const script = bridgeScript({ socket: plan.proxySocket, socat: availability.socat, shell });
      const env = sandboxEnv({ home: callerEnv.HOME ?? options.home, sessionTmp: plan.sessionTmp, path: callerEnv.PATH, lang: callerEnv.LANG, extra: callerEnv });
      return { file: availability.bwrap, args: [...bwrapArgs(plan), '--', '/bin/sh', '-c', script, INNER_NAME, command], env, sandboxed: true };
    },
    onBlocked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setNetworkAllow(next) {
      allow = [...next];
    },
    async dispose() {
      listeners.clear();
      await proxy?.dispose();
      rmSync(own, { recursive: true, force: true });
    },
  };
}
