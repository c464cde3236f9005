import type { GitFile, GitFileStatus } from '../../../../shared/contract';

/** What the file tree shows for a path: its own status, or for a folder that something inside changed. */
export type Decoration = GitFileStatus | 'folder';

/**
 * Tree decorations from a status: each changed file by its status (an unstaged entry wins over the
 * staged one of the same file, as it is what the working tree shows), and every folder above it.
 */
export function decorationsOf(files: readonly GitFile[]): Map<string, Decoration> {
  const map = new Map<string, Decoration>();
  for (const file of files) {
    if (!map.has(file.path) || !file.staged) map.set(file.path, file.status);
    let slash = file.path.lastIndexOf('/');
    while (slash > 0) {
      const folder = file.path.slice(0, slash);
      if (map.get(folder) === 'folder') break;
      map.set(folder, 'folder');
      slash = folder.lastIndexOf('/');
    }
  }
  return map;
}
