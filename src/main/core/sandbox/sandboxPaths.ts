import { lstatSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * The paths of one sandboxed command, looked up on disk (what `bwrapArgs` needs, which itself touches nothing):
 * every path resolved to where it really is (bubblewrap mounts on real paths; a symlink would be followed anyway),
 * only existing ones kept, deny-read paths split into folders and files.
 *
 * - A deny-read path that does not exist is left out: a file created there later is not hidden (deny its folder).
 * - An allow-read path lifts the deny-read entries it holds (the same path, or one inside it); one inside a hidden
 *   folder (`~/.ssh/known_hosts` in `~/.ssh`) is bound back in, read-only.
 * - A protected path (workspace-relative, e.g. `AGENTS.md`, `.git/config`) is kept only where it exists and lies in
 *   a writable place (everything else is read-only already); one that does not exist yet can be created.
 */

export interface SandboxPlan {
  /** The workspace or the session's worktree: writable, the command's default folder. */
  root: string;
  /** Where the command starts (inside a writable place). */
  cwd: string;
  /** The session's temp folder: writable, TMPDIR. */
  sessionTmp: string;
  /** Writable beyond the root and the temp folder (agent.sandbox.allowWrite). */
  writable: string[];
  /** Hidden folders (an empty tmpfs nobody may open) and files (reads fail: Permission denied). */
  denyDirs: string[];
  denyFiles: string[];
  /** Readable again inside a hidden folder (agent.sandbox.allowRead): bound read-only over the empty tmpfs. */
  readable: string[];
  /** Read-only inside the writable places (Akira's protected files, other agents' rules, .git/config and hooks). */
  readOnly: string[];
  /** The host's unix socket of Akira's network proxy (null: no network at all). */
  proxySocket: string | null;
}

export interface PlanInput {
  root: string;
  cwd?: string;
  sessionTmp: string;
  /** Absolute paths. */
  allowWrite: readonly string[];
  /** Absolute paths. */
  denyRead: readonly string[];
  /** Absolute paths readable although denyRead covers them (never Akira's data folder: sandboxPathsOf leaves it out). */
  allowRead?: readonly string[];
  /** Deny-read paths no allowRead lifts (Akira's data folder). */
  alwaysDenied?: readonly string[];
  /** Workspace-relative paths that stay read-only (policy/protectedPaths.ts SANDBOX_READ_ONLY). */
  readOnly: readonly string[];
  proxySocket: string | null;
}

const real = (p: string): string | null => {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
};

/** `p` is `base` or inside it. */
export function isWithin(base: string, p: string): boolean {
  const rel = relative(base, p);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

export function planSandbox(input: PlanInput): SandboxPlan {
  const root = real(input.root) ?? input.root;
  const sessionTmp = real(input.sessionTmp) ?? input.sessionTmp;
  const writable = [...new Set(input.allowWrite.map(real).filter((p): p is string => !!p && p !== root && p !== sessionTmp))];
  const denyDirs: string[] = [];
  const denyFiles: string[] = [];
  const allowRead = [...new Set((input.allowRead ?? []).map(real).filter((p): p is string => !!p && p !== '/'))];
  const kept = new Set((input.alwaysDenied ?? []).map((p) => real(p) ?? p));
  for (const path of new Set(input.denyRead)) {
    const p = real(path);
    if (!p || p === '/' || (!kept.has(p) && allowRead.some((a) => isWithin(a, p)))) continue;
    try {
      (statSync(p).isDirectory() ? denyDirs : denyFiles).push(p);
    } catch {
      // gone meanwhile
    }
  }
  const writableRoots = [root, sessionTmp, ...writable];
  const readOnly: string[] = [];
  for (const rel of input.readOnly) {
    const abs = join(root, rel);
    try {
      lstatSync(abs);
    } catch {
      continue; // not there (or `.git` is a file: a worktree's git folder lies elsewhere, read-only already)
    }
    const p = real(abs);
    if (p && writableRoots.some((w) => isWithin(w, p)) && !readOnly.includes(p)) readOnly.push(p);
  }
  const readable = allowRead.filter((a) => denyDirs.some((d) => d !== a && isWithin(d, a)));
  const cwd = input.cwd ? (real(input.cwd) ?? input.cwd) : root;
  return { root, cwd, sessionTmp, writable, denyDirs: [...new Set(denyDirs)], denyFiles: [...new Set(denyFiles)], readable, readOnly, proxySocket: input.proxySocket };
}
