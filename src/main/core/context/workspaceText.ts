import { readdir } from 'node:fs/promises';
import { AkiraError } from '../errors';
import { readConfined } from '../workspace/confinedFs';
import { resolveInsideEx, toRelative } from '../workspace/pathGuard';
import { fileErrors } from '../../../shared/errors';

/**
 * Reading what a person or the rules point at, confined to the workspace (pathGuard + confinedFs: `..`,
 * absolute paths outside and symlinks that lead out are refused):
 *
 *   await readWorkspaceText(root, 'src/a.ts', limit) → {rel, text, size, binary, truncated} | null (missing)
 *   await workspaceEntryKind(root, 'docs') → 'file' | 'dir' | null
 */

export interface WorkspaceText {
  /** Workspace-relative path of the real file. */
  rel: string;
  text: string;
  size: number;
  binary: boolean;
  truncated: boolean;
}

const BINARY_SNIFF = 8192;

/** The file as text, at most `limit` bytes; null when it does not exist; AkiraError when it is outside or not a file. */
export async function readWorkspaceText(root: string, rel: string, limit: number): Promise<WorkspaceText | null> {
  const { real, exists } = await resolveInsideEx(root, rel);
  if (!exists) return null;
  const file = await readConfined(root, real, {
    limit,
    check: (stats) => {
      if (stats.isDirectory()) throw new AkiraError('bad_request', fileErrors.isFolder(rel));
      if (!stats.isFile()) throw new AkiraError('bad_request', fileErrors.notRegularFile(rel));
    },
  });
  if (!file) return null;
  const truncated = file.stats.size > file.bytes.length;
  const binary = file.bytes.subarray(0, BINARY_SNIFF).includes(0);
  const text = binary ? '' : new TextDecoder('utf-8').decode(file.bytes, { stream: truncated });
  return { rel: toRelative(root, real), text, size: file.stats.size, binary, truncated };
}

/** What is at the path (following links inside the workspace), or null when nothing is. */
export async function workspaceEntryKind(root: string, rel: string): Promise<{ kind: 'file' | 'dir'; real: string; rel: string } | null> {
  const { real, exists } = await resolveInsideEx(root, rel);
  if (!exists) return null;
  try {
    await readdir(real);
    return { kind: 'dir', real, rel: toRelative(root, real) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return { kind: 'file', real, rel: toRelative(root, real) };
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
