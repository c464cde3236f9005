import { lstat, readlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CommandResult, CheckpointRecordT } from '../../../shared/contract';
import { AkiraError } from '../errors';
import { openConfinedDir, readConfined } from '../workspace/confinedFs';
import { normalizeRelative, resolveInside } from '../workspace/pathGuard';
import type { DomainHandlers } from '../router';
import type { CheckpointService } from './checkpointService';
import type { ChangedFile, CheckpointRecord } from './types';
import { checkpointErrors } from '../../../shared/errors';

/** The contract's view of a checkpoint: `checkpointId` instead of the store's `id`, no internal tree hash. */
export function toContractRecord(record: CheckpointRecord): CheckpointRecordT {
  const { id, tree: _tree, ...rest } = record;
  return { checkpointId: id, ...rest };
}

function toContractFiles(files: ChangedFile[]) {
  return files.map(({ path, status, insertions, deletions }) => ({ path, status, insertions, deletions }));
}

const NOW_READ_LIMIT = 64 * 1024 * 1024;

/** A workspace file as it is now, in `fileAt`'s shape (a symlink's content is its target, as in the store). */
async function fileNow(root: string, path: string): Promise<CommandResult<'checkpoints.fileAt'>> {
  const rel = normalizeRelative(root, path);
  if (!rel) throw new AkiraError('bad_request', checkpointErrors.pathRequired);
  // The parent folder must resolve inside the workspace; the file itself may be a link (read as a link).
  const parent = await resolveInside(root, dirname(rel) === '.' ? '' : dirname(rel));
  const base = { checkpointId: 'now', path: rel };
  const none = { ...base, exists: false, binary: false, size: 0, text: null };
  // The entry is looked at in the opened, checked folder (not through a folder swapped for a link since).
  const dir = await openConfinedDir(root, parent);
  if (!dir) return none;
  let linkTarget: string | null = null;
  try {
    const entry = join(dir.path, basename(rel));
    const stats = await lstat(entry).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
      throw err;
    });
    if (!stats) return none;
    if (stats.isSymbolicLink()) {
      linkTarget = await readlink(entry);
      await dir.check();
    }
  } finally {
    await dir.close();
  }
  if (linkTarget !== null) return { ...base, exists: true, binary: false, size: Buffer.byteLength(linkTarget), text: linkTarget };
  const file = await readConfined(root, join(parent, basename(rel)), {
    check: (stats) => {
      if (stats.isDirectory()) throw new AkiraError('bad_request', checkpointErrors.isFolder(rel));
      if (!stats.isFile()) throw new AkiraError('bad_request', checkpointErrors.notRegularFile(rel));
      if (stats.size > NOW_READ_LIMIT) throw new AkiraError('bad_request', checkpointErrors.tooLargeToShow(rel, stats.size));
    },
  });
  if (!file) return none;
  const { bytes } = file;
  const binary = bytes.subarray(0, 8000).includes(0);
  return { ...base, exists: true, binary, size: bytes.length, text: binary ? null : bytes.toString('utf8') };
}

/** Contract handlers for `checkpoints.*` over one workspace's checkpoint service. */
/** The contract's checkpoints.* commands on the open workspace's checkpoint service (`service` throws when none is open). */
export function checkpointHandlers(service: () => CheckpointService): DomainHandlers<'checkpoints'> {
  return {
    async 'checkpoints.create'(p) {
      const result = await service().create({ label: p.label, origin: 'manual' });
      const { unchanged, scan, hashed } = result;
      return { ...toContractRecord(result), unchanged, scan, hashed };
    },
    async 'checkpoints.list'(p) {
      const { checkpoints, total, offWords } = await service().list(p);
      return { checkpoints: checkpoints.map(toContractRecord), total, ...(offWords ? { offWords } : {}) };
    },
    async 'checkpoints.show'(p) {
      const details = await service().get(p.checkpointId);
      return { ...toContractRecord(details), previousId: details.previousId, files: toContractFiles(details.files) };
    },
    async 'checkpoints.diff'(p) {
      const result = await service().diff(p.from, p.to, { paths: p.paths });
      return { ...result, files: toContractFiles(result.files) };
    },
    async 'checkpoints.fileAt'(p) {
      if (p.checkpointId === 'now') return fileNow(service().root, p.path);
      const { checkpointId, path, exists, binary, size, text } = await service().fileAt(p.checkpointId, p.path);
      return { checkpointId, path, exists, binary, size, text };
    },
    'checkpoints.preview': (p) => service().preview(p.checkpointId, { paths: p.paths }),
    'checkpoints.restore': (p) => service().restore(p.checkpointId, { paths: p.paths }),
    async 'checkpoints.usage'() {
      const { diskBytes, bytes, checkpoints, storeDir } = await service().usage();
      return { diskBytes, bytes, checkpoints, storeDir };
    },
    async 'checkpoints.prune'(p) {
      const result = await service().prune({ dryRun: p.dryRun });
      const { diskBytes, bytes, checkpoints, storeDir } = result.usage;
      return {
        dryRun: result.dryRun,
        retentionDays: result.retentionDays,
        retentionSource: result.retentionSource,
        removed: result.pruned.map(({ record, reason }) => ({ checkpointId: record.id, label: record.label, origin: record.origin, createdAt: record.createdAt, reason })),
        kept: result.kept,
        ...(result.freedBytes === undefined ? {} : { freedBytes: result.freedBytes }),
        notes: result.notes,
        noteWords: result.noteWords,
        usage: { diskBytes, bytes, checkpoints, storeDir },
      };
    },
  };
}
