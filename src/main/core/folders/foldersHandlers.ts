import { AkiraError } from '../errors';
import type { DomainHandlers } from '../router';
import type { FolderAccess } from './folderAccess';
import { browseFolder } from './folderBrowser';
import { fileErrors } from '../../../shared/errors';

/**
 * The contract's folders.* commands: browsing the folders a face allows (createCore's `browseRoots`). A face that
 * names none (the CLI, tests by default) answers `unavailable`.
 */
export function foldersHandlers(access: FolderAccess | null, workspaceRoot: () => string | null): DomainHandlers<'folders'> {
  return {
    'folders.browse': (p) => {
      if (!access) throw new AkiraError('unavailable', fileErrors.browseUnavailable);
      return browseFolder(access, p.path, workspaceRoot());
    },
  };
}
