import type { Words } from '../../../shared/errors';
import { createSandbox, type CreateSandboxOptions, type Sandbox } from './createSandbox';
import type { SandboxMode, SandboxSettings } from './sandboxSettings';

/**
 * The sandbox one command runner uses (the workspace's, or a worktree session's), kept while the settings in effect
 * stay the same and made afresh when they change (a new allow list, another mode): the command runner asks `current()`
 * before each command (core/terminal/commandRunner.ts), the session's policy asks `sandboxed()` (a command that runs
 * sandboxed needs no question only for not being on the allow list: policy/commandPolicy.ts).
 *
 *   const sb = createWorkspaceSandbox({ root, home, dataDir, readOnly, settings: async () => effectiveSandbox() });
 *   runner = createCommandRunner({ …, sandbox: () => sb.current() });   await sb.dispose();
 */

export interface SandboxStatus {
  mode: SandboxMode;
  /** Commands run in the OS sandbox. */
  available: boolean;
  /** Why not (null when they do). */
  reason: Words | null;
  /** How to get one (null: nothing to install). */
  hint: Words | null;
}

export interface WorkspaceSandbox {
  /** The sandbox for the next command, from the settings in effect now. */
  current(): Promise<Sandbox>;
  /** What `current()` gives now, in words for the UI and the CLI's notice. */
  status(): Promise<SandboxStatus>;
  dispose(): Promise<void>;
}

export interface WorkspaceSandboxOptions extends Omit<CreateSandboxOptions, 'settings'> {
  /** The sandbox settings in effect (global, tightened by the workspace; `akira run --no-sandbox` turns it off). */
  settings(): Promise<SandboxSettings>;
}

export function createWorkspaceSandbox(options: WorkspaceSandboxOptions): WorkspaceSandbox {
  const { settings, ...rest } = options;
  let held: { key: string; mode: SandboxMode; sandbox: Promise<Sandbox> } | null = null;
  /** Sandboxes replaced after a settings change: a command may still run in one, so they go on dispose. */
  const retired: Promise<Sandbox>[] = [];
  let disposed = false;

  async function current(): Promise<Sandbox> {
    const now = await settings();
    const key = JSON.stringify(now);
    if (held?.key === key) return held.sandbox;
    const previous = held;
    const sandbox = createSandbox({ ...rest, settings: now });
    held = { key, mode: now.mode, sandbox };
    if (previous) retired.push(previous.sandbox);
    if (disposed) void sandbox.then((s) => s.dispose(), () => undefined);
    return sandbox;
  }

  return {
    current,
    async status() {
      const sandbox = await current();
      return { mode: held!.mode, available: sandbox.available, reason: sandbox.reason, hint: sandbox.hint };
    },
    async dispose() {
      disposed = true;
      const all = [...retired.splice(0), ...(held ? [held.sandbox] : [])];
      held = null;
      await Promise.all(all.map((p) => p.then((s) => s.dispose(), () => undefined)));
    },
  };
}
