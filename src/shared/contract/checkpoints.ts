import { z } from 'zod';
import { inputRule } from '../errors/inputRules';
import { defineCommand, defineEvent, noInput } from './define';
import { relPath } from './workspace';
import { reasonWordsSchema } from '../agent/agentShapes';

/** A checkpoint id (or a unique prefix of at least 4 characters, or 'latest'). */
export const checkpointId = z.string().min(4).max(64).regex(/^[A-Za-z0-9_-]+$/, inputRule('idCharacters'));
export const checkpointOrigin = z.enum(['manual', 'agent', 'before-restore']);

export const checkpointRecord = z.object({
  checkpointId: z.string(),
  n: z.number().int(),
  label: z.string(),
  origin: checkpointOrigin,
  sessionId: z.string().optional(),
  todoId: z.string().optional(),
  restoreOf: z.string().optional(),
  createdAt: z.string(),
  commit: z.string(),
  filesChanged: z.number().int().nonnegative(),
  insertions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
  skipped: z.array(z.object({ path: z.string(), size: z.number(), reason: z.string() })),
  skippedCount: z.number().int().nonnegative(),
  metadataPath: z.string().optional(),
});
export type CheckpointRecordT = z.infer<typeof checkpointRecord>;

export const changedFile = z.object({
  path: relPath,
  status: z.enum(['added', 'modified', 'deleted', 'type_changed']),
  insertions: z.number().int().nullable(),
  deletions: z.number().int().nullable(),
});
export type ChangedFileT = z.infer<typeof changedFile>;

export const storeUsage = z.object({
  diskBytes: z.number().nonnegative(),
  bytes: z.number().nonnegative(),
  checkpoints: z.number().int().nonnegative(),
  storeDir: z.string(),
});

const conflict = z.object({ path: z.string(), reason: z.string(), detail: z.string().optional() });
const paths = z.array(relPath.min(1)).min(1).max(10_000).optional();

export const checkpointCommands = {
  'checkpoints.create': defineCommand(
    z.object({ label: z.string().max(200).optional() }).strict().default({}),
    checkpointRecord.extend({ unchanged: z.boolean().optional(), scan: z.enum(['walk', 'feed']), hashed: z.number().int() }),
    'Take a checkpoint of the workspace now (manual).',
  ),
  'checkpoints.list': defineCommand(
    z
      .object({
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().min(1).max(1000).default(100),
        sessionId: z.string().max(64).optional(),
        origin: checkpointOrigin.optional(),
      })
      .strict()
      .default({ offset: 0, limit: 100 }),
    z.object({
      checkpoints: z.array(checkpointRecord),
      total: z.number().int().nonnegative(),
      /** Why checkpoints are off in this workspace (git is not installed): the Timeline says it. */
      offWords: reasonWordsSchema.optional(),
    }),
    'Checkpoints, newest first, paged (offWords: why there are none, when checkpoints are off).',
  ),
  'checkpoints.show': defineCommand(
    z.object({ checkpointId }).strict(),
    checkpointRecord.extend({ previousId: z.string().nullable(), files: z.array(changedFile) }),
    'One checkpoint with the files it changed against the previous one.',
  ),
  'checkpoints.diff': defineCommand(
    z
      .object({
        from: checkpointId.nullable(),
        to: z.union([checkpointId, z.literal('now')]),
        paths,
      })
      .strict(),
    z.object({
      from: z.string().nullable(),
      to: z.string(),
      files: z.array(changedFile),
      insertions: z.number().int(),
      deletions: z.number().int(),
    }),
    'Files changed between two checkpoints, or between a checkpoint and now (to: "now").',
  ),
  'checkpoints.fileAt': defineCommand(
    z.object({ checkpointId: z.union([checkpointId, z.literal('now')]), path: relPath.min(1) }).strict(),
    z.object({
      checkpointId: z.string(),
      path: relPath,
      exists: z.boolean(),
      binary: z.boolean(),
      size: z.number().int().nonnegative(),
      text: z.string().nullable(),
    }),
    'A file as it was at a checkpoint (or "now"), for diffs.',
  ),
  'checkpoints.preview': defineCommand(
    z.object({ checkpointId, paths }).strict(),
    z.object({
      checkpointId: z.string(),
      files: z.array(
        z.object({
          path: relPath,
          action: z.enum(['create', 'modify', 'delete']),
          insertions: z.number().int().nullable(),
          deletions: z.number().int().nullable(),
        }),
      ),
      created: z.number().int(),
      modified: z.number().int(),
      deleted: z.number().int(),
      conflicts: z.array(conflict),
    }),
    'Exactly which files a restore would create, modify or delete; changes nothing.',
  ),
  'checkpoints.restore': defineCommand(
    z.object({ checkpointId, mode: z.enum(['files']).default('files'), paths }).strict(),
    z.object({
      checkpointId: z.string(),
      beforeCheckpointId: z.string(),
      created: z.array(relPath),
      modified: z.array(relPath),
      deleted: z.array(relPath),
      conflicts: z.array(conflict),
    }),
    'Restore the workspace (or some paths) to a checkpoint; the state before is checkpointed first (undo = restore it).',
  ),
  'checkpoints.usage': defineCommand(noInput, storeUsage, 'Disk use of the checkpoint store of this workspace.'),
  'checkpoints.prune': defineCommand(
    z.object({ dryRun: z.boolean().default(false) }).strict().default({ dryRun: false }),
    z.object({
      dryRun: z.boolean(),
      /** The retention applied: the setting checkpoints.retentionDays (a workspace can only lengthen it). */
      retentionDays: z.number().int().min(1).max(3650),
      /** Where it comes from; 'option': fixed by whoever built the checkpoint service, not read from the settings. */
      retentionSource: z.enum(['default', 'global', 'workspace', 'option']),
      /** Oldest first. 'age': older than the retention; 'size': removed while the store was over its size cap. */
      removed: z.array(
        z.object({ checkpointId: z.string(), label: z.string(), origin: checkpointOrigin, createdAt: z.string(), reason: z.enum(['age', 'size']) }),
      ),
      kept: z.number().int().nonnegative(),
      /** Disk bytes freed (not in a dry run). */
      freedBytes: z.number().nonnegative().optional(),
      /** E.g. a workspace's shorter retention that was not applied. */
      notes: z.array(z.string()),
      /** `notes` in words of the shared catalogs, one for each (issue 14); absent from an older core. */
      noteWords: z.array(reasonWordsSchema).optional(),
      usage: storeUsage,
    }),
    'Remove the checkpoints older than the setting checkpoints.retentionDays (never the newest one); dryRun: list them, remove nothing.',
  ),
};

export const checkpointEvents = {
  'checkpoints.onProgress': defineEvent(
    z.object({
      operation: z.string(),
      phase: z.enum(['scanning', 'hashing', 'writing', 'restoring', 'done']),
      done: z.number().int(),
      total: z.number().int(),
    }),
    'Progress of a long checkpoint operation (first checkpoint, restore).',
  ),
  'checkpoints.onChanged': defineEvent(
    z.object({ reason: z.enum(['created', 'restored', 'pruned', 'recovered']), checkpointId: z.string().optional() }),
    'The checkpoint list changed.',
  ),
  'checkpoints.onWaiting': defineEvent(
    z.object({
      operation: z.string(),
      pid: z.number().int().nullable(),
      command: z.string().nullable(),
      since: z.number().int(),
      message: z.string(),
    }),
    'An operation waits for the checkpoint store, which another process (another Akira, the CLI) holds: who, since when.',
  ),
};
