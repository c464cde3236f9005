import { isAbsolute, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { plainWords, settingsErrors, type ErrorWords, type Words } from '../../../shared/errors';

/**
 * `agent.sandbox` in a settings file (issue 26; shared/DESIGN.md "Faces, pinned"):
 *
 *   "agent": { "sandbox": {
 *     "mode": "auto" | "off" | "required",          // auto (default): on where the system has one
 *     "network": { "allow": ["registry.npmjs.org", "*.example.com"] },   // domains; `*.x` is any sub-domain of x
 *     "denyRead": ["~/.ssh", …],                    // hidden from commands (Akira's data folder always is)
 *     "allowWrite": ["~/.cache/pip"],               // writable beyond the workspace and the session's temp folder
 *     "allowRead": ["~/.ssh/known_hosts"]           // readable although denyRead hides it (the data folder never is)
 *   } }
 *
 * A layer holds only what it sets (`sandboxLayerSchema`). The global layer over the defaults is the user's sandbox
 * (`globalSandbox`); a workspace's layer can only tighten it (`tightenSandbox`, like policy/projectPolicy.ts):
 *
 * | field         | a workspace's value …                                                   |
 * | ---           | ---                                                                     |
 * | mode          | only moves towards `required` (off < auto < required)                   |
 * | network.allow | keeps only the entries the user's list already allows                   |
 * | denyRead      | is added                                                                |
 * | allowWrite    | keeps only paths the user's list allows (the same path, or one inside)  |
| allowRead     | keeps only paths the user's list allows (the same path, or one inside)  |
 *
 * `loosenedSandboxFields` names what a workspace's layer tries that is not applied, for the settings view.
 */

export const SANDBOX_MODES = ['off', 'auto', 'required'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** The package registries of npm, Python, Rust and Go, and GitHub, so that installs work. */
export const DEFAULT_NETWORK_ALLOW = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'static.crates.io',
  'index.crates.io',
  'proxy.golang.org',
  'sum.golang.org',
  'github.com',
  'codeload.github.com',
  'objects.githubusercontent.com',
];

/** SSH, cloud and container credentials, .netrc, .npmrc, GPG (`~` is the user's home). Akira's data folder is added. */
export const DEFAULT_DENY_READ = [
  '~/.ssh',
  '~/.aws',
  '~/.gnupg',
  '~/.kube',
  '~/.docker',
  '~/.netrc',
  '~/.npmrc',
  '~/.pypirc',
  '~/.config/gcloud',
  '~/.azure',
  '~/.config/gh',
  '~/.git-credentials',
];

/** A domain (`registry.npmjs.org`), a wildcard for its sub-domains (`*.example.com`), or an IP address. */
const domainEntry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$|^[0-9.]+$|^\[?[0-9a-f:]+\]?$/, 'a domain such as example.com or *.example.com');
const pathEntry = z.string().trim().min(1).max(4096);

export const sandboxLayerSchema = z
  .object({
    mode: z.enum(SANDBOX_MODES).optional(),
    network: z.object({ allow: z.array(domainEntry).max(1000).optional() }).strict().optional(),
    denyRead: z.array(pathEntry).max(1000).optional(),
    allowWrite: z.array(pathEntry).max(1000).optional(),
    allowRead: z.array(pathEntry).max(1000).optional(),
  })
  .strict();
export type SandboxLayer = z.infer<typeof sandboxLayerSchema>;

/** The sandbox in effect, every default filled (paths as written: `~` not yet expanded, see `sandboxPathsOf`). */
export interface SandboxSettings {
  mode: SandboxMode;
  network: { allow: string[] };
  denyRead: string[];
  allowWrite: string[];
  /** Readable although a denyRead entry covers them (an "allow" on the sandbox card, or the user's own list). */
  allowRead: string[];
}

export const SANDBOX_DEFAULTS: SandboxSettings = {
  mode: 'auto',
  network: { allow: DEFAULT_NETWORK_ALLOW },
  denyRead: DEFAULT_DENY_READ,
  allowWrite: [],
  allowRead: [],
};

/** The user's sandbox: the global layer over the defaults (it may loosen anything). */
export function globalSandbox(layer: SandboxLayer | undefined): SandboxSettings {
  return {
    mode: layer?.mode ?? SANDBOX_DEFAULTS.mode,
    network: { allow: [...(layer?.network?.allow ?? SANDBOX_DEFAULTS.network.allow)] },
    denyRead: [...(layer?.denyRead ?? SANDBOX_DEFAULTS.denyRead)],
    allowWrite: [...(layer?.allowWrite ?? SANDBOX_DEFAULTS.allowWrite)],
    allowRead: [...(layer?.allowRead ?? SANDBOX_DEFAULTS.allowRead)],
  };
}

/** `host` is on `allow`: the same name, or a sub-domain of a `*.name` entry (not `name` itself). */
export function domainAllowed(allow: readonly string[], host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allow.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : e === h;
  });
}

/** A network entry the user's list covers: the same entry, a name its wildcards allow, or a narrower wildcard. */
function entryCovered(globalAllow: readonly string[], entry: string): boolean {
  if (globalAllow.includes(entry)) return true;
  return entry.startsWith('*.') ? globalAllow.some((g) => g.startsWith('*.') && domainAllowed([g], entry.slice(2))) : domainAllowed(globalAllow, entry);
}

const clean = (p: string) => normalize(p).replace(/[\\/]+$/, '') || sep;
/** `path` is `base` or inside it (as written, `~` included: both sides are expanded the same way later). */
function within(base: string, path: string): boolean {
  const b = clean(base);
  const p = clean(path);
  return p === b || p.startsWith(b.endsWith(sep) ? b : b + sep);
}

const MODE_RANK: Record<SandboxMode, number> = { off: 0, auto: 1, required: 2 };

/** The user's sandbox with a workspace's layer on top: the workspace can only tighten it (table above). */
export function tightenSandbox(global: SandboxSettings, workspace: SandboxLayer | undefined): SandboxSettings {
  if (!workspace) return global;
  const mode = workspace.mode && MODE_RANK[workspace.mode] > MODE_RANK[global.mode] ? workspace.mode : global.mode;
  const allow = workspace.network?.allow ? [...new Set(workspace.network.allow.filter((e) => entryCovered(global.network.allow, e)))] : global.network.allow;
  const allowWrite = workspace.allowWrite ? workspace.allowWrite.filter((p) => global.allowWrite.some((g) => within(g, p))) : global.allowWrite;
  const allowRead = workspace.allowRead ? workspace.allowRead.filter((p) => global.allowRead.some((g) => within(g, p))) : global.allowRead;
  return {
    mode,
    network: { allow },
    denyRead: [...new Set([...global.denyRead, ...(workspace.denyRead ?? [])])],
    allowWrite,
    allowRead,
  };
}

/** A field of a workspace's layer that is not applied because it would loosen the user's sandbox, with why (the settings view). */
export interface LoosenedSandboxField {
  path: string;
  message: string;
  words: ErrorWords;
}

const loosened = (path: string, words: Words): LoosenedSandboxField => ({ path, message: words.en, words: plainWords(words) });

/**
 * Each field of a workspace's layer that `tightenSandbox` does not apply as written (it would loosen `global`), for
 * the settings view: the workspace file's problems, and a save refused next to the field (policy's `loosenedFields`).
 * denyRead is never one: a workspace's entries are added.
 */
export function loosenedSandboxFields(global: SandboxSettings, workspace: SandboxLayer | undefined): LoosenedSandboxField[] {
  if (!workspace) return [];
  const out: LoosenedSandboxField[] = [];
  if (workspace.mode && MODE_RANK[workspace.mode] < MODE_RANK[global.mode]) {
    out.push(loosened('agent.sandbox.mode', settingsErrors.sandboxModeTightenOnly(workspace.mode, global.mode)));
  }
  const domains = (workspace.network?.allow ?? []).filter((e) => !entryCovered(global.network.allow, e));
  if (domains.length) out.push(loosened('agent.sandbox.network.allow', settingsErrors.sandboxDomainsNarrowOnly(domains.join(', '), domains.length)));
  const writes = (workspace.allowWrite ?? []).filter((p) => !global.allowWrite.some((g) => within(g, p)));
  if (writes.length) out.push(loosened('agent.sandbox.allowWrite', settingsErrors.sandboxWriteNarrowOnly(writes.join(', '), writes.length)));
  const reads = (workspace.allowRead ?? []).filter((p) => !global.allowRead.some((g) => within(g, p)));
  if (reads.length) out.push(loosened('agent.sandbox.allowRead', settingsErrors.sandboxReadNarrowOnly(reads.join(', '), reads.length)));
  return out;
}

/** A setting's path as an absolute one: `~` and `~/…` are the user's home, a relative path is the workspace's. */
export function expandPath(path: string, home: string, root: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? normalize(path) : join(root, path);
}

/**
 * The absolute paths the settings name: denyRead (with Akira's data folder), allowWrite and allowRead. Nothing inside
 * the data folder is readable through allowRead (the keys live there); an allowRead folder around it leaves it hidden
 * (planSandbox's `alwaysDenied`).
 */
export function sandboxPathsOf(
  settings: SandboxSettings,
  where: { home: string; root: string; dataDir: string },
): { denyRead: string[]; allowWrite: string[]; allowRead: string[] } {
  const abs = (p: string) => expandPath(p, where.home, where.root);
  const outsideData = (p: string) => !within(where.dataDir, p);
  return {
    denyRead: [...new Set([...settings.denyRead.map(abs), where.dataDir])],
    allowWrite: [...new Set(settings.allowWrite.map(abs))],
    allowRead: [...new Set(settings.allowRead.map(abs).filter(outsideData))],
  };
}
