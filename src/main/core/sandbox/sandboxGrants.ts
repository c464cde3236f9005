import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createApprovalsStore } from '../../common/approvalsStore';
import type { SandboxBlockData } from '../../../shared/agent/sandboxBlocks';
import { isWithin } from './sandboxPaths';
import { expandPath, type SandboxSettings } from './sandboxSettings';

/**
 * What a person let through on the sandbox card (issue 26): hosts the proxy lets through, and paths commands may write
 * or read although the sandbox refused them. A grant is the user's own consent, so it adds to the settings in effect
 * (a workspace's settings file can only tighten the sandbox; a grant is never stored in the workspace).
 *
 *   const g = grantFor(result.blocked, { root, home, dataDir });   // {network: ['127.0.0.1'], allowWrite: ['/var/tmp/x'], allowRead: []}
 *   withGrant(settings, g)                                          // the settings with it added
 *   const grants = createWorkspaceGrants(dataDir); await grants.add(root, g); await grants.of(root)
 *
 * - A write to a path that does not exist yet grants its nearest existing folder (bubblewrap binds existing paths);
 *   `/` itself, the workspace's own paths and Akira's data folder are never granted.
 * - A connection whose name did not resolve is not granted (allowing it would change nothing).
 * - Scopes: the session keeps its grant in memory (agentSession.ts), the workspace's live in the data folder
 *   (`sandbox-grants.json`, keyed by the workspace's real path), the global ones join the global settings.
 */

export interface SandboxGrant {
  network: string[];
  allowWrite: string[];
  allowRead: string[];
}

export type SandboxGrantScope = 'session' | 'workspace' | 'global';

export const NO_GRANT: SandboxGrant = { network: [], allowWrite: [], allowRead: [] };

const uniq = (xs: readonly string[]) => [...new Set(xs)];

export function mergeGrants(...grants: readonly (SandboxGrant | null | undefined)[]): SandboxGrant {
  const all = grants.filter((g): g is SandboxGrant => !!g);
  return {
    network: uniq(all.flatMap((g) => g.network)),
    allowWrite: uniq(all.flatMap((g) => g.allowWrite)),
    allowRead: uniq(all.flatMap((g) => g.allowRead)),
  };
}

export const isEmptyGrant = (g: SandboxGrant) => !g.network.length && !g.allowWrite.length && !g.allowRead.length;

/** The settings with a grant added (a no-op for an empty one). */
export function withGrant(settings: SandboxSettings, grant: SandboxGrant | null | undefined): SandboxSettings {
  if (!grant || isEmptyGrant(grant)) return settings;
  return {
    ...settings,
    network: { allow: uniq([...settings.network.allow, ...grant.network]) },
    allowWrite: uniq([...settings.allowWrite, ...grant.allowWrite]),
    allowRead: uniq([...settings.allowRead, ...grant.allowRead]),
  };
}

/** The nearest path that exists: the path itself, else its closest existing folder. */
function nearestExisting(path: string): string {
  let p = path;
  while (!existsSync(p)) {
    const up = dirname(p);
    if (up === p) return p;
    p = up;
  }
  return p;
}

/** What allowing these blocks would grant (empty when nothing can be: a name that does not resolve, `/`, the data folder). */
export function grantFor(blocked: readonly SandboxBlockData[], where: { root: string; home: string; dataDir: string }): SandboxGrant {
  const network: string[] = [];
  const allowWrite: string[] = [];
  const allowRead: string[] = [];
  const grantable = (p: string) => p !== '/' && !isWithin(where.root, p) && !isWithin(where.dataDir, p) && !isWithin(p, where.dataDir);
  for (const b of blocked) {
    if (b.kind === 'network') {
      if (b.reason !== 'unresolved') network.push(b.host.toLowerCase());
      continue;
    }
    const abs = expandPath(b.path, where.home, where.root);
    const target = b.kind === 'write' ? nearestExisting(abs) : abs;
    if (!grantable(target)) continue;
    (b.kind === 'write' ? allowWrite : allowRead).push(target);
  }
  return { network: uniq(network), allowWrite: uniq(allowWrite), allowRead: uniq(allowRead) };
}

/** Where the agent service keeps what a sandbox card allowed (createCore: the data folder, or the global settings). */
export interface SandboxGrantStore {
  keep(scope: 'workspace' | 'global', grant: SandboxGrant): Promise<void>;
  /** What is kept for the open workspace. */
  workspace(): Promise<SandboxGrant>;
  revoke(kind: keyof SandboxGrant, value: string): Promise<void>;
}

export const SANDBOX_GRANTS_FILE = 'sandbox-grants.json';

/** The workspace grants: `<dataDir>/sandbox-grants.json` (common/approvalsStore.ts), one entry per host or path. */
export interface WorkspaceGrants {
  of(root: string): Promise<SandboxGrant>;
  add(root: string, grant: SandboxGrant): Promise<void>;
  /** Takes one entry back (Settings → Sandbox). */
  revoke(root: string, kind: keyof SandboxGrant, value: string): Promise<void>;
}

const KINDS: (keyof SandboxGrant)[] = ['network', 'allowWrite', 'allowRead'];

export function createWorkspaceGrants(dataDir: string): WorkspaceGrants {
  const store = createApprovalsStore(join(dataDir, SANDBOX_GRANTS_FILE));
  return {
    async of(root) {
      const grant: SandboxGrant = { network: [], allowWrite: [], allowRead: [] };
      for (const name of await store.names(root)) {
        const at = name.indexOf(':');
        const kind = name.slice(0, at) as keyof SandboxGrant;
        if (at > 0 && KINDS.includes(kind)) grant[kind].push(name.slice(at + 1));
      }
      return grant;
    },
    async add(root, grant) {
      for (const kind of KINDS) for (const value of grant[kind]) await store.approve(root, `${kind}:${value}`, 'granted');
    },
    revoke: (root, kind, value) => store.revoke(root, `${kind}:${value}`),
  };
}
