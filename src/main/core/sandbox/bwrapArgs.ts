import { isWithin, type SandboxPlan } from './sandboxPaths';

/**
 * bubblewrap's argument list for one sandboxed command (everything before `--`), from a plan (sandboxPaths.ts).
 * Pure: it reads nothing from disk.
 *
 * - Namespaces: pid (the command sees only its own processes: not Akira's /proc/<pid>/environ), net (no network but
 *   the proxy bridge), ipc, uts, cgroup, and user with every capability dropped: Akira may run as root, and root
 *   with CAP_SYS_ADMIN inside could simply unmount what hides `~/.ssh`.
 * - `--die-with-parent`, and with the pid namespace everything the command started ends with it (`sleep 1000 &`,
 *   `setsid`, `nohup` included). `--new-session`: no TIOCSTI typing into Akira's terminal.
 * - Files: `/` read-only; a fresh `/dev` and `/proc`; empty `/tmp` and `/run` (hides docker.sock, the D-Bus and
 *   ssh-agent sockets: a unix socket is reachable through a read-only bind); writable: the root, the extra paths
 *   and the session's temp folder; deny-read folders become an empty tmpfs nobody may open (`--perms 0000`),
 *   deny-read files `/dev/null` (which cannot be opened there: Permission denied); allow-read paths inside a hidden
 *   folder bound back read-only (the folder is then passed through, 0111); protected paths read-only again.
 *   A hidden folder with a writable place inside (a worktree in Akira's data folder) may be passed through (0111) but
 *   not listed; it is empty but for the way there.
 * - Mounts are ordered by depth (a parent before what lies inside it), and at the same path writable < hidden <
 *   read-only, so a worktree inside Akira's (hidden) data folder stays writable, a hidden path inside the workspace
 *   stays hidden, and a protected file inside a writable folder stays read-only.
 */

type Mount = { path: string; rank: number; args: string[] };

/** Mount points inside these are on an empty tmpfs: a path there that is not re-bound does not exist anyway. */
const EMPTIED = ['/tmp', '/run'];

export const BWRAP_FLAGS = [
  '--die-with-parent',
  '--new-session',
  '--unshare-pid',
  '--unshare-net',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-cgroup-try',
  '--unshare-user',
  '--cap-drop',
  'ALL',
];

const depth = (p: string) => p.split('/').filter(Boolean).length;

export function bwrapArgs(plan: SandboxPlan): string[] {
  const writableRoots = [plan.root, ...plan.writable, plan.sessionTmp];
  // A path under /tmp or /run that no writable place re-binds is gone already: no mount point needed there.
  const visible = (p: string) => !EMPTIED.some((e) => isWithin(e, p)) || writableRoots.some((w) => isWithin(w, p) || isWithin(p, w));
  const passedThrough = (p: string) => [...writableRoots, ...plan.readable, ...(plan.proxySocket ? [plan.proxySocket] : [])].some((w) => w !== p && isWithin(p, w));
  const mounts: Mount[] = [
    ...EMPTIED.map((p) => ({ path: p, rank: 0, args: ['--tmpfs', p] })),
    ...writableRoots.map((p) => ({ path: p, rank: 1, args: ['--bind', p, p] })),
    // nobody may open it; one with a writable place inside (a worktree in the data folder) may only be passed through
    ...plan.denyDirs.filter(visible).map((p) => ({ path: p, rank: 2, args: ['--perms', passedThrough(p) ? '0111' : '0000', '--tmpfs', p] })),
    ...plan.denyFiles.filter(visible).map((p) => ({ path: p, rank: 2, args: ['--ro-bind', '/dev/null', p] })),
    ...plan.readable.filter(visible).map((p) => ({ path: p, rank: 3, args: ['--ro-bind', p, p] })),
    ...plan.readOnly.map((p) => ({ path: p, rank: 3, args: ['--ro-bind', p, p] })),
  ];
  if (plan.proxySocket) mounts.push({ path: plan.proxySocket, rank: 4, args: ['--ro-bind', plan.proxySocket, plan.proxySocket] });
  const ordered = mounts.map((m, i) => ({ ...m, i })).sort((a, b) => depth(a.path) - depth(b.path) || a.rank - b.rank || a.i - b.i);
  return [...BWRAP_FLAGS, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', ...ordered.flatMap((m) => m.args), '--chdir', plan.cwd];
}
