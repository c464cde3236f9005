import { realpath } from 'node:fs/promises';
import type { WorkspaceSummaryT } from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { DomainHandlers } from '../router';
import type { WorkspaceService } from './workspaceService';
import { fileErrors } from '../../../shared/errors';

export interface WorkspaceHandlerDeps {
  /** The open workspace's service (throws when none is open). */
  service(): WorkspaceService;
  current(): WorkspaceSummaryT | null;
  open(path: string): Promise<WorkspaceSummaryT>;
  close(): Promise<void>;
  recent(): Promise<string[]>;
  /**
   * Where the browser face may open folders (createCore's `browseRoots`, core/folders/folderAccess.ts): `resolve`
   * answers the real path of a folder inside them or throws forbidden. null: it serves one folder and opens no other.
   */
  browser: { resolve(path: string): Promise<string>; allows(real: string): Promise<boolean> } | null;
}

/** The contract's workspace.* commands. The browser face opens folders only inside its allowed roots. */
export function workspaceHandlers(deps: WorkspaceHandlerDeps): DomainHandlers<'workspace'> {
  return {
    'workspace.info': () => deps.current(),
    'workspace.list': (p) => deps.service().list(p),
    'workspace.read': (p) => deps.service().read(p),
    'workspace.write': (p) => deps.service().write(p),
    'workspace.open': async (p, ctx) => {
      if (ctx.face !== 'browser') return deps.open(p.path);
      if (!deps.browser) throw new AkiraError('forbidden', fileErrors.serveOneFolder);
      return deps.open(await deps.browser.resolve(p.path));
    },
    'workspace.close': async () => (await deps.close(), { ok: true as const }),
    'workspace.recent': async (_p, ctx) => {
      const folders = await deps.recent();
      if (ctx.face !== 'browser') return { folders };
      const browser = deps.browser;
      const allowed = browser ? await Promise.all(folders.map((f) => realpath(f).then((r) => browser.allows(r), () => false))) : [];
      return { folders: folders.filter((_, i) => allowed[i]) };
    },
  };
}
