import type { ChangedFileT, CommandResult } from '../../shared/contract';
import { UsageError } from './args';
import { clean, formatCreated, formatDiff, formatList, formatPrune, formatShow } from './checkpointsFormat';
import { CommandFailed, idArgument, type Session } from './checkpointsSession';
import { checkpointsStrings } from './checkpointsStrings';
import { cliText } from './io';
import { unifiedDiff } from '../common/unifiedDiff';
import { wordsText } from '../../shared/errors';

/** `akira checkpoints create|list|show|diff|prune`; each prints its result and returns the exit code. */

function printJson(s: Session, value: unknown): void {
  s.io.out(`${JSON.stringify(value)}\n`);
}

export async function createAction(s: Session): Promise<number> {
  const label = s.parsed.flags.message as string | undefined;
  const result = await s.call('checkpoints.create', label === undefined ? {} : { label });
  if (s.json) printJson(s, result);
  else s.io.out(formatCreated(result, cliText(s.io, checkpointsStrings)));
  return 0;
}

export async function listAction(s: Session): Promise<number> {
  const { limit, offset } = s.parsed.flags as { limit?: number; offset?: number };
  if (limit !== undefined && (limit < 1 || limit > 1000)) throw new UsageError(cliText(s.io, checkpointsStrings).limitRange(limit));
  const result = await s.call('checkpoints.list', { limit, offset });
  if (s.json) printJson(s, result);
  // Checkpoints are off (git is not installed): say why instead of an empty list.
  else if (result.offWords) s.io.out(`${wordsText(result.offWords, s.io.language ?? 'en') ?? result.offWords.key}\n`);
  else s.io.out(formatList(result, offset ?? 0, s.io.tty.stdout, cliText(s.io, checkpointsStrings)));
  return 0;
}

export interface FilePatch {
  path: string;
  /** Unified diff of the text; null for binary content or when the file could not be read. */
  patch: string | null;
  binary: boolean;
  error?: string;
}

/** Unified diffs of `files` between two sides (`from` null: nothing; 'now': the workspace), via `checkpoints.fileAt`. */
async function patches(s: Session, from: string | null, to: string, files: ChangedFileT[]): Promise<FilePatch[]> {
  const out: FilePatch[] = [];
  const absent = { exists: false, binary: false, text: null };
  for (const { path } of files) {
    try {
      const [a, b] = await Promise.all([
        from === null ? absent : s.call('checkpoints.fileAt', { checkpointId: from, path }),
        s.call('checkpoints.fileAt', { checkpointId: to, path }),
      ]);
      const binary = a.binary || b.binary;
      const patch = binary
        ? null
        : unifiedDiff(a.exists ? (a.text ?? '') : null, b.exists ? (b.text ?? '') : null, { oldName: `a/${path}`, newName: `b/${path}` });
      out.push({ path, patch, binary });
    } catch (err) {
      if (!(err instanceof CommandFailed)) throw err;
      out.push({ path, patch: null, binary: false, error: err.error.message });
    }
  }
  return out;
}

function printPatches(s: Session, list: FilePatch[]): void {
  const t = cliText(s.io, checkpointsStrings);
  for (const p of list) {
    const path = clean(p.path);
    if (p.error) s.io.out(`\n${t.cannotShow(path, clean(p.error))}\n`);
    else if (p.binary) s.io.out(`\n${t.binaryDiffers(path)}\n`);
    else if (p.patch) s.io.out(`\n${p.patch}`);
    else s.io.out(`\n${t.noLineChanges(path)}\n`);
  }
}

export async function showAction(s: Session): Promise<number> {
  const id = idArgument(s, 0, 'show');
  const result = await s.call('checkpoints.show', { checkpointId: id });
  const withPatch = s.parsed.flags.patch === true ? await patches(s, result.previousId, result.checkpointId, result.files) : null;
  if (s.json) {
    printJson(s, withPatch ? { ...result, patches: withPatch } : result);
    return 0;
  }
  s.io.out(formatShow(result, cliText(s.io, checkpointsStrings)));
  if (withPatch) printPatches(s, withPatch);
  return 0;
}

export async function diffAction(s: Session): Promise<number> {
  const from = idArgument(s, 0, 'diff');
  const to = s.parsed.positionals.length > 1 ? idArgument(s, 1, 'diff', true) : 'now';
  const paths = s.parsed.rest.length ? s.parsed.rest : undefined;
  const result: CommandResult<'checkpoints.diff'> = await s.call('checkpoints.diff', { from, to, paths });
  const withPatch = s.parsed.flags.patch === true ? await patches(s, result.from, result.to, result.files) : null;
  if (s.json) {
    printJson(s, withPatch ? { ...result, patches: withPatch } : result);
    return 0;
  }
  s.io.out(formatDiff(result, cliText(s.io, checkpointsStrings)));
  if (withPatch) printPatches(s, withPatch);
  return 0;
}

/** Removes (or with --dry-run lists) the checkpoints older than the setting checkpoints.retentionDays. */
export async function pruneAction(s: Session): Promise<number> {
  const result = await s.call('checkpoints.prune', { dryRun: s.parsed.flags['dry-run'] === true });
  if (s.json) printJson(s, result);
  else s.io.out(formatPrune(result, cliText(s.io, checkpointsStrings), s.io.language));
  return 0;
}
