import { readFileSync, readdirSync } from 'node:fs';

/**
 * The process groups of the session a terminal's shell leads (Linux: from /proc). Jobs started by an
 * interactive shell get process groups of their own, so killing only the shell's group would leave
 * e.g. a `sleep` in the background or a `vim` in the foreground running.
 */
export function sessionGroups(sessionId: number): number[] {
  const groups = new Set<number>([sessionId]);
  if (process.platform !== 'linux') return [...groups];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [...groups];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp session …"; comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[3]) === sessionId) groups.add(Number(fields[2]));
    } catch {
      // the process ended meanwhile
    }
  }
  return [...groups];
}

/** Sends `signal` to every process group of the session led by `pid` (and to `pid` itself). */
export function signalSession(pid: number, signal: NodeJS.Signals, groups = sessionGroups(pid)): number[] {
  if (process.platform === 'win32') {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
    return [];
  }
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      // already gone
    }
  }
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
  return groups;
}
