import { isAbsolute, resolve } from 'node:path';
import type { SandboxBlockReason } from '../../../shared/agent/sandboxBlocks';

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
  | { kind: 'network'; host: string; port: number; reason: SandboxBlockReason }
  | { kind: 'write' | 'read'; path: string };

const WRITE = /read-only file system|\bEROFS\b/i;
const READ = /permission denied|\bEACCES\b/i;
/**
 * The path the line refuses: the one right before ": Read-only file system" / ": Permission denied" (what shells and
 * coreutils print: `bash: line 1: /x: Read-only file system`), else a quoted one ('…', "…", ‘…’: Node, Python, touch),
 * else the last bare absolute or ~ path.
 */
const BEFORE_ERROR = /(?<=^|[\s:(])((?:\/|~\/)[^\s:'"‘’]+):\s*(?:read-only file system|permission denied)/i;
const QUOTED = /['"`‘]((?:\/|~\/)[^'"`’\n]+)['"’]/;
const BARE = /(?:^|[\s:(])((?:\/|~\/)[^\s:'"(),]+)(?=[:,)\s]|$)/g;

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
  const found = BEFORE_ERROR.exec(line)?.[1] ?? QUOTED.exec(line)?.[1] ?? [...line.matchAll(BARE)].pop()?.[1];
  return found ? found.replace(/[.;]+$/, '') : null;
}
