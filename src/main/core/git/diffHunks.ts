import type { GitHunk } from '../../../shared/contract';

/**
 * One file's `git diff` output split into its header and hunks, and a hunk turned back into a patch that
 * `git apply` takes (pure; no git).
 *
 *   const { header, hunks } = parseFileDiff(await git.text(['diff', …, '--', path]));
 *   const patch = hunkPatch(header, hunks[1]);      // the file's header + that one hunk
 *   sameHunk(fromTheCaller, hunks[1])               // ranges and every line equal
 *
 * A one-hunk patch applies where the whole diff would: its ranges are those of the side it was made
 * from, and git apply checks the context lines, so a hunk taken out of a longer diff needs no renumbering.
 */

export interface FileDiff {
  /** `diff --git …` up to the first hunk (index, mode, ---/+++ lines); empty when the file has no diff. */
  header: string[];
  hunks: GitHunk[];
  /** git printed a binary notice instead of hunks. */
  binary: boolean;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Parses one file's unified diff as `git diff` prints it (no colour, any context). */
export function parseFileDiff(output: string): FileDiff {
  const lines = output.split('\n');
  const header: string[] = [];
  const hunks: GitHunk[] = [];
  let binary = false;
  let i = 0;
  while (i < lines.length && !HUNK_HEADER.test(lines[i])) {
    const line = lines[i++];
    if (/^Binary files .* differ$/.test(line) || line === 'GIT binary patch') binary = true;
    if (line !== '' || header.length) header.push(line);
  }
  while (header.length && header[header.length - 1] === '') header.pop();
  while (i < lines.length) {
    const match = HUNK_HEADER.exec(lines[i]);
    if (!match) break; // a second file's diff: not ours to read
    i++;
    const hunk: GitHunk = {
      oldStart: Number(match[1]),
      oldLines: match[2] === undefined ? 1 : Number(match[2]),
      newStart: Number(match[3]),
      newLines: match[4] === undefined ? 1 : Number(match[4]),
      lines: [],
    };
    let oldLeft = hunk.oldLines;
    let newLeft = hunk.newLines;
    while (i < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i].startsWith('\\'))) {
      // An empty line is an empty context line (diff.suppressBlankEmpty prints it without its space).
      const line = lines[i] === '' ? ' ' : lines[i];
      const kind = line[0];
      if (kind === ' ') {
        oldLeft--;
        newLeft--;
      } else if (kind === '-') oldLeft--;
      else if (kind === '+') newLeft--;
      else if (kind !== '\\') break;
      hunk.lines.push(line);
      i++;
    }
    hunks.push(hunk);
  }
  return { header, hunks, binary };
}

/** `@@ -a,b +c,d @@` */
export function hunkHeader(h: Pick<GitHunk, 'oldStart' | 'oldLines' | 'newStart' | 'newLines'>): string {
  return `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`;
}

/** A patch of the file's header and one hunk, for `git apply` (with or without -R / --cached). */
export function hunkPatch(header: readonly string[], hunk: GitHunk): string {
  return [...header, hunkHeader(hunk), ...hunk.lines].join('\n') + '\n';
}

/** The same hunk: the same ranges and the same lines. */
export function sameHunk(a: GitHunk, b: GitHunk): boolean {
  return (
    a.oldStart === b.oldStart &&
    a.oldLines === b.oldLines &&
    a.newStart === b.newStart &&
    a.newLines === b.newLines &&
    a.lines.length === b.lines.length &&
    a.lines.every((line, i) => line === b.lines[i])
  );
}
