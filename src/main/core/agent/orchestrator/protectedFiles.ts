import { lstat, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PROTECTED_ROOTS, protectedWhat } from '../policy';
import { openConfinedDir, writeConfined } from '../../workspace/confinedFs';
import { resolveInside } from '../../workspace/pathGuard';

/**
 * A command may not change Akira's own project files (policy/protectedPaths.ts) behind the approval that
 * file tools need: the agent's commands run between `snapshotProtected` and `undoProtectedChanges`, which
 * puts back whatever a command changed, created or removed there, and says so (the model is told to propose
 * the change with the file tools, where a person sees what it steers).
 *
 *   const before = await snapshotProtected(root);
 *   … run the command …
 *   const undone = await undoProtectedChanges(root, before);   // ['.akira/settings.json', …] put back
 *
 * It covers the top-level places (PROTECTED_ROOTS: `.akira/settings.json`, `.akira/mcp.json`,
 * `.akira/modes/`, `.akira/rules/`, AGENTS.md, CLAUDE.md, .cursorrules, .clinerules at the root, and the other
 * tools' rules Akira reads: GEMINI.md, .windsurfrules, .windsurf/rules/, .cursor/rules/, .roo/,
 * .github/copilot-instructions.md, .github/instructions/, .kiro/steering/), up to
 * MAX_FILES files of at most MAX_BYTES each; AGENTS.md files in sub-folders are protected from the file
 * tools only.
 */

const MAX_FILES = 500;
const MAX_BYTES = 4 * 1024 * 1024;

/** Workspace-relative path → its bytes, `link:<target>` for a symlink; folders are implied by their files. */
export type ProtectedSnapshot = Map<string, Buffer | string>;

async function entry(abs: string): Promise<{ kind: 'file' | 'dir' | 'link' | 'other'; size: number } | null> {
  try {
    const s = await lstat(abs);
    return { kind: s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other', size: s.size };
  } catch {
    return null;
  }
}

async function collect(root: string, rel: string, out: ProtectedSnapshot, depth: number): Promise<void> {
  if (out.size >= MAX_FILES) return;
  const abs = join(root, rel);
  const e = await entry(abs);
  if (!e) return;
  if (e.kind === 'link') out.set(rel, `link:${await readlink(abs).catch(() => '')}`);
  else if (e.kind === 'file' && e.size <= MAX_BYTES) out.set(rel, await readFile(abs).catch(() => Buffer.alloc(0)));
  else if (e.kind === 'dir' && depth < 6) {
    const names = await readdir(abs).catch(() => [] as string[]);
    for (const name of names.sort()) await collect(root, `${rel}/${name}`, out, depth + 1);
  }
}

export async function snapshotProtected(root: string): Promise<ProtectedSnapshot> {
  const out: ProtectedSnapshot = new Map();
  for (const rel of PROTECTED_ROOTS) {
    // On a case-insensitive file system `agents.md` is AGENTS.md: lstat finds it under the listed name.
    await collect(root, rel, out, 0);
  }
  return out;
}

const same = (a: Buffer | string | undefined, b: Buffer | string | undefined) =>
  a === undefined || b === undefined ? a === b : typeof a === 'string' || typeof b === 'string' ? a === b : a.equals(b);

/** Puts back what changed since `before` among the protected files; returns the paths it restored. */
export async function undoProtectedChanges(root: string, before: ProtectedSnapshot): Promise<string[]> {
  const after = await snapshotProtected(root);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((p) => !same(before.get(p), after.get(p))).sort();
  const undone: string[] = [];
  for (const rel of changed) {
    if (!protectedWhat(rel)) continue;
    const was = before.get(rel);
    try {
      // Its folder is resolved (and refused if it now leads outside), then opened and checked (confinedFs:
      // a folder swapped for a link meanwhile is refused); the entry itself is not followed, so a symlink a
      // command put there is removed, never what it points to.
      const parent = await resolveInside(root, dirname(rel));
      const dir = await openConfinedDir(root, parent);
      if (dir) {
        try {
          await dir.check();
          await rm(join(dir.path, basename(rel)), { force: true, recursive: true });
        } finally {
          await dir.close();
        }
      }
      if (Buffer.isBuffer(was)) await writeConfined(root, join(parent, basename(rel)), was);
      // A symlink that was there before is left removed: Akira does not recreate links.
      undone.push(rel);
    } catch {
      // could not be put back (e.g. its folder now leads outside): reported as changed anyway
      undone.push(rel);
    }
  }
  return undone;
}

/** The sentence the model reads after a command whose protected changes were undone. */
export function undoneNotice(paths: readonly string[]): string {
  if (!paths.length) return '';
  const list = paths.slice(0, 10).join(', ') + (paths.length > 10 ? `, … (${paths.length} in all)` : '');
  return (
    `\nNote: the command changed ${list}, which steer Akira itself for this project (settings, modes, MCP servers or rules). ` +
    'Akira put them back: such files change only through write_file/edit_file/delete_file, which ask the user and say what the change steers.'
  );
}
