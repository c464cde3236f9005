import { isAbsolute, resolve } from 'node:path';

/**
 * What the OS sandbox refused, as a command's output says it (issue 26): inside bubblewrap a write outside the
 * writable places fails with "Read-only file system" (EROFS) and a read of a denied path with "Permission denied"
 * (EACCES: the sandbox hides them behind an unreadable folder or /dev/null). The runner reports these, with the
 * connections its proxy refused, so the model is told `blocked by the sandbox: …` and the user can allow them.
 *
 *   sandboxDenials("touch: cannot touch '/home/u/.bashrc': Read-only file system", {root}) → [{kind: 'write', path: '/home/u/.bashrc'}]
 *
 * Only absolute paths outside the workspace (or `~/…`) are reported: a permission error inside the workspace is the
 * project's own, not the sandbox's.
 */
export type SandboxBlock =
  | { kind: 'network'; host: string; port: number; reason: string }
  | { kind: 'write' | 'read'; path: string };

const WRITE = /read-only file system|\bEROFS\b/i;
const READ = /permission denied|\bEACCES\b/i;
/** A path in the line: quoted ('…', "…", `…'), or a bare absolute or ~ path before a colon or the end. */
const PATHS = [/['"`‘]((?:\/|~\/)[^'"`’\n]+)['"’]/, /(?:^|[\s:(])((?:\/|~\/)[^\s:'"(),]+)(?=[:,)\s]|$)/];

export function sandboxDenials(output: string, where: { root: string; home?: string }): SandboxBlock[] {
  const out: SandboxBlock[] = [];
  const seen = new Set<string>();
  for (const line of output.split(/\r?\n/)) {
    const kind = WRITE.test(line) ? 'write' : READ.test(line) ? 'read' : null;
    if (!kind) continue;
    const path = pathIn(line);
    if (!path) continue;
    const abs = path.startsWith('~/') && where.home ? resolve(where.home, path.slice(2)) : path;
    if (isAbsolute(abs) && (abs === where.root || abs.startsWith(`${where.root}/`))) continue;
    const key = `${kind}\0${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind, path });
    if (out.length >= 20) break;
  }
  return out;
}

function pathIn(line: string): string | null {
  for (const re of PATHS) {
    const m = re.exec(line);
    if (m) return m[1].replace(/[.;]+$/, '');
  }
  return null;
}
