import type { CommandResult } from '../../../shared/contract';
import type { DomainHandlers } from '../router';
import type { ProjectContext } from './projectContext';

/** What context.findFiles runs on: the open workspace's file index (workspace/fileIndex.ts). */
export interface FileFinder {
  find(query: string, options: { limit: number; folders: boolean }): Promise<CommandResult<'context.findFiles'>>;
}

/** The contract's context.* commands on the open workspace's project context and file index. */
export function contextHandlers(services: () => { context: ProjectContext; files: FileFinder }): DomainHandlers<'context'> {
  return {
    'context.findFiles': (p) => services().files.find(p.query, { limit: p.limit, folders: p.folders }),
    'context.resolve': async (p) => ({
      attachments: (await services().context.resolve(p.text, { preview: true })).map(({ kind, ref, title, tokens, note, error, errorWords }) => ({ kind, ref, title, tokens, note, error, ...(errorWords ? { errorWords } : {}) })),
    }),
    // No admit: a checker the workspace chose runs only once approved (it is skipped, awaiting approval).
    'context.diagnostics': (p) => services().context.diagnostics({ paths: p.paths }),
    'context.checkers': async () => ({ checkers: await services().context.checkers() }),
    'context.approveChecker': async (p) => (await services().context.approveChecker(p.id, p.fingerprint), { ok: true as const }),
    'context.revokeChecker': async (p) => (await services().context.revokeChecker(p.id), { ok: true as const }),
    'context.rules': async () => ({ files: (await services().context.rules()).files }),
  };
}
