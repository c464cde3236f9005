import type { Words } from '../../../shared/errors';
import { createSandbox, type CreateSandboxOptions, type Sandbox } from './createSandbox';
import { withGrant, type SandboxGrant } from './sandboxGrants';
import type { SandboxMode, SandboxSettings } from './sandboxSettings';

/**
 * The sandbox one command runner uses (the workspace's, or a worktree session's), kept while the settings in effect
 * stay the same and made afresh when they change (a new allow list, another mode): the command runner asks `current()`
 * before each command (core/terminal/commandRunner.ts), the session's policy asks `sandboxed()` (a command that runs
 * sandboxed needs no question only for not being on the allow list: policy/commandPolicy.ts). A session's own grant
 * (sandboxGrants.ts, "allow for this session") is passed with its commands: `current(grant)` is the sandbox of the
 * settings with it added. The last few sandboxes are kept (two sessions with different grants take turns); older
 * ones are retired until dispose, since a command may still run in one.
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
  /** The sandbox for the next command, from the settings in effect now (with a session's grant added). */
  current(grant?: SandboxGrant | null): Promise<Sandbox>;
  /** What `current()` gives now, in words for the UI and the CLI's notice. */
  status(): Promise<SandboxStatus>;
  dispose(): Promise<void>;
}

export interface WorkspaceSandboxOptions extends Omit<CreateSandboxOptions, 'settings'> {
  /** The sandbox settings in effect (global, tightened by the workspace; `akira run --no-sandbox` turns it off). */
  settings(): Promise<SandboxSettings>;
}

/** Sandboxes kept ready at once (each has its proxy): the workspace's, and a few sessions' with their grants. */
const KEPT = 4;

export function createWorkspaceSandbox(options: WorkspaceSandboxOptions): WorkspaceSandbox {
  const { settings, ...rest } = options;
  /** By settings in effect, most recently used last. */
  const held = new Map<string, { mode: SandboxMode; sandbox: Promise<Sandbox> }>();
  /** Sandboxes no longer kept: a command may still run in one, so they go on dispose. */
  const retired: Promise<Sandbox>[] = [];
  let disposed = false;

  async function made(grant?: SandboxGrant | null): Promise<{ mode: SandboxMode; sandbox: Promise<Sandbox> }> {
    const now = withGrant(await settings(), grant);
    const key = JSON.stringify(now);
    const found = held.get(key);
    if (found) {
      held.delete(key);
      held.set(key, found);
      return found;
    }
    const entry = { mode: now.mode, sandbox: createSandbox({ ...rest, settings: now }) };
    held.set(key, entry);
    while (held.size > KEPT) {
      const [oldest, old] = held.entries().next().value!;
      held.delete(oldest);
      retired.push(old.sandbox);
    }
    if (disposed) void entry.sandbox.then((s) => s.dispose(), () => undefined);
    return entry;
  }

  return {
    current: async (grant) => (await made(grant)).sandbox,
    async status() {
      const { mode, sandbox } = await made();
      const s = await sandbox;
      return { mode, available: s.available, reason: s.reason, hint: s.hint };
    },
    async dispose() {
      disposed = true;
      const all = [...retired.splice(0), ...[...held.values()].map((h) => h.sandbox)];
      held.clear();
      await Promise.all(all.map((p) => p.then((s) => s.dispose(), () => undefined)));
    },
  };
}
