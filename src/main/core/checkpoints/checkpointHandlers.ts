import type { CommandParams, CommandResult, CheckpointRecordT } from '../../../shared/contract';
import type { CheckpointService } from './checkpointService';
import type { ChangedFile, CheckpointRecord } from './types';

/** The contract's view of a checkpoint: `checkpointId` instead of the store's `id`, no internal tree hash. */
export function toContractRecord(record: CheckpointRecord): CheckpointRecordT {
  const { id, tree: _tree, ...rest } = record;
  return { checkpointId: id, ...rest };
}

function toContractFiles(files: ChangedFile[]) {
  return files.map(({ path, status, insertions, deletions }) => ({ path, status, insertions, deletions }));
}

/** Contract handlers for `checkpoints.*` over one workspace's checkpoint service. */
export function checkpointHandlers(service: () => CheckpointService) {
  return {
    async create(p: CommandParams<'checkpoints.create'>): Promise<CommandResult<'checkpoints.create'>> {
      const result = await service().create({ label: p.label, origin: 'manual' });
      const { unchanged, scan, hashed } = result;
      return { ...toContractRecord(result), unchanged, scan, hashed };
    },
    async list(p: CommandParams<'checkpoints.list'>): Promise<CommandResult<'checkpoints.list'>> {
      const { checkpoints, total } = await service().list(p);
      return { checkpoints: checkpoints.map(toContractRecord), total };
    },
    async show(p: CommandParams<'checkpoints.show'>): Promise<CommandResult<'checkpoints.show'>> {
      const details = await service().get(p.checkpointId);
      return { ...toContractRecord(details), previousId: details.previousId, files: toContractFiles(details.files) };
    },
    async diff(p: CommandParams<'checkpoints.diff'>): Promise<CommandResult<'checkpoints.diff'>> {
      const result = await service().diff(p.from, p.to, { paths: p.paths });
      return { ...result, files: toContractFiles(result.files) };
    },
    async fileAt(p: CommandParams<'checkpoints.fileAt'>): Promise<CommandResult<'checkpoints.fileAt'>> {
      const { checkpointId, path, exists, binary, size, text } = await service().fileAt(p.checkpointId, p.path);
      return { checkpointId, path, exists, binary, size, text };
    },
    preview: (p: CommandParams<'checkpoints.preview'>) => service().preview(p.checkpointId, { paths: p.paths }),
    restore: (p: CommandParams<'checkpoints.restore'>) => service().restore(p.checkpointId, { paths: p.paths }),
    async usage(): Promise<CommandResult<'checkpoints.usage'>> {
      const { diskBytes, bytes, checkpoints, storeDir } = await service().usage();
      return { diskBytes, bytes, checkpoints, storeDir };
    },
  };
}
