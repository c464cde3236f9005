import type { WorkspaceSummaryT } from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { DomainHandlers } from '../router';
import type { WorkspaceService } from './workspaceService';

export interface WorkspaceHandlerDeps {
  /** The open workspace's service (throws when none is open). */
  service(): WorkspaceService;
  current(): WorkspaceSummaryT | null;
  open(path: string): Promise<WorkspaceSummaryT>;
  recent(): Promise<string[]>;
}

/** The contract's workspace.* commands. The browser face serves one folder: it cannot open another. */
export function workspaceHandlers(deps: WorkspaceHandlerDeps): DomainHandlers<'workspace'> {
  return {
    'workspace.info': () => deps.current(),
    'workspace.list': (p) => deps.service().list(p),
    'workspace.read': (p) => deps.service().read(p),
    'workspace.write': (p) => deps.service().write(p),
    'workspace.open': (p, ctx) => {
      if (ctx.face === 'browser') {
        throw new AkiraError('forbidden', 'The browser face serves one folder; run `akira serve <folder>` to serve another.');
      }
      return deps.open(p.path);
    },
    'workspace.recent': async () => ({ folders: await deps.recent() }),
  };
}
