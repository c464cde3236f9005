import type { GitFile, GitFileStatus } from '../../../shared/contract';
import { gitErrors } from '../../../shared/errors';
import { AkiraError } from '../errors';

/**
 * Parser of `git status --porcelain=v2 -z --branch` (see git-status(1), "Porcelain Format Version 2").
 * With -z, paths are never quoted, so spaces, unicode and newlines in names come through verbatim.
 */

export interface BranchInfo {
  /** Commit of HEAD, or null in a repository without commits ("(initial)"). */
  oid: string | null;
  /** Branch name, or null when HEAD is detached. */
  head: string | null;
  upstream: string | null;
  ahead: number;
  behind: number;
}

export interface StatusEntry {
  kind: 'ordinary' | 'renamed' | 'unmerged' | 'untracked' | 'ignored';
  /** Index (staged) status letter, '.' when unchanged. */
  x: string;
  /** Work tree status letter, '.' when unchanged. */
  y: string;
  /** Repository-relative path (forward slashes). */
  path: string;
  /** For renames and copies: the path the entry came from. */
  origPath?: string;
  /** For renames and copies: 'R' or 'C'. */
  renameKind?: 'R' | 'C';
}

export interface ParsedStatus {
  branch: BranchInfo;
  entries: StatusEntry[];
}

/** The first `count` space-separated fields of `line`, and the rest (a path, which may hold spaces). */
function fields(line: string, count: number): { parts: string[]; rest: string } {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const space = line.indexOf(' ', at);
    if (space < 0) throw new AkiraError('internal', gitErrors.oddStatusLine(JSON.stringify(line.slice(0, 200))));
    parts.push(line.slice(at, space));
    at = space + 1;
  }
  return { parts, rest: line.slice(at) };
}

function parseHeader(line: string, branch: BranchInfo): void {
  const { parts, rest } = fields(line, 2);
  const key = parts[1];
  if (key === 'branch.oid') branch.oid = rest === '(initial)' ? null : rest;
  else if (key === 'branch.head') branch.head = rest === '(detached)' ? null : rest;
  else if (key === 'branch.upstream') branch.upstream = rest;
  else if (key === 'branch.ab') {
    const match = /^\+(\d+) -(\d+)$/.exec(rest);
    if (match) {
      branch.ahead = Number(match[1]);
      branch.behind = Number(match[2]);
    }
  }
}

export function parsePorcelainV2(output: string): ParsedStatus {
  const branch: BranchInfo = { oid: null, head: null, upstream: null, ahead: 0, behind: 0 };
  const entries: StatusEntry[] = [];
  const tokens = output.split('\0');
  for (let i = 0; i < tokens.length; i++) {
    const line = tokens[i];
    if (!line) continue;
    switch (line[0]) {
      case '#':
        // "# branch.head" needs the rest verbatim; other headers ("# stash") are ignored.
        if (line.startsWith('# ') && line.indexOf(' ', 2) > 0) parseHeader(line, branch);
        break;
      case '1': {
        // 1 XY sub mH mI mW hH hI path
        const { parts, rest } = fields(line, 8);
        entries.push({ kind: 'ordinary', x: parts[1][0], y: parts[1][1], path: rest });
        break;
      }
      case '2': {
        // 2 XY sub mH mI mW hH hI Xscore path NUL origPath
        const { parts, rest } = fields(line, 9);
        const origPath = tokens[++i] ?? '';
        const renameKind = parts[8][0] === 'C' ? 'C' : 'R';
        entries.push({ kind: 'renamed', x: parts[1][0], y: parts[1][1], path: rest, origPath, renameKind });
        break;
      }
      case 'u': {
        // u XY sub m1 m2 m3 mW h1 h2 h3 path
        const { parts, rest } = fields(line, 10);
        entries.push({ kind: 'unmerged', x: parts[1][0], y: parts[1][1], path: rest });
        break;
      }
      case '?':
        entries.push({ kind: 'untracked', x: '?', y: '?', path: line.slice(2) });
        break;
      case '!':
        entries.push({ kind: 'ignored', x: '!', y: '!', path: line.slice(2) });
        break;
      default:
        throw new AkiraError('internal', gitErrors.oddStatusLine(JSON.stringify(line.slice(0, 200))));
    }
  }
  return { branch, entries };
}

function letterStatus(letter: string): GitFileStatus | null {
  switch (letter) {
    case 'M':
    case 'T': // type change (file ↔ symlink): shown as a modification
      return 'modified';
    case 'A':
    case 'C':
      return 'added';
    case 'D':
      return 'deleted';
    case 'R':
      return 'renamed';
    case 'U':
      return 'conflicted';
    default:
      return null;
  }
}

/**
 * Maps repository-relative entries to the workspace's view: paths relative to the workspace (`prefix`
 * is the workspace's path inside the repository, '' or ending in '/'), entries outside it dropped.
 * A file with staged and unstaged changes yields two entries (staged: true and staged: false).
 */
export function toGitFiles(entries: StatusEntry[], prefix: string): GitFile[] {
  const files: GitFile[] = [];
  const inside = (p: string) => p.startsWith(prefix) && p.length > prefix.length;
  const strip = (p: string) => p.slice(prefix.length);
  for (const entry of entries) {
    if (entry.kind === 'ignored' || !inside(entry.path)) continue;
    const path = strip(entry.path);
    if (entry.kind === 'untracked') {
      files.push({ path, status: 'untracked', staged: false });
      continue;
    }
    if (entry.kind === 'unmerged') {
      files.push({ path, status: 'conflicted', staged: false });
      continue;
    }
    const staged = letterStatus(entry.x);
    if (staged) {
      const file: GitFile = { path, status: staged, staged: true };
      if (entry.kind === 'renamed' && entry.origPath !== undefined) {
        if (inside(entry.origPath)) file.origPath = strip(entry.origPath);
        // Renamed from outside the workspace: from here it simply appeared.
        else if (staged === 'renamed') file.status = 'added';
      }
      files.push(file);
    }
    const unstaged = letterStatus(entry.y);
    if (unstaged) files.push({ path, status: unstaged, staged: false });
  }
  return files;
}
