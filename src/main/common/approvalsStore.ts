import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomicWrite';

/**
 * What a person approved that a workspace proposes to run (issue 12: "a project you open must not start processes
 * by itself"; issue 26: its diagnostics checkers too): one JSON file in the data folder, outside every workspace,
 * keyed by the workspace's real path and the thing's name, holding the fingerprint of the exact configuration
 * approved. A changed configuration (another command, other arguments) needs approving again.
 *
 *   const approvals = createApprovalsStore(join(dataDir, 'mcp-approvals.json'))
 *   await approvals.isApproved(root, 'db', fingerprint)   await approvals.approve(root, 'db', fingerprint)
 *   await approvals.revoke(root, 'db')          await approvals.names(root)   // ['db']
 *
 * The file is read afresh on every question (another window, another Akira may have changed it); writes are queued
 * and atomic, mode 0600. A file that is not what it should be counts as no approvals.
 */

const fileSchema = z.object({ workspaces: z.record(z.string(), z.record(z.string(), z.string())).default({}) });
type ApprovalsFile = z.infer<typeof fileSchema>;

export interface Approvals {
  isApproved(root: string, name: string, fingerprint: string): Promise<boolean>;
  approve(root: string, name: string, fingerprint: string): Promise<void>;
  revoke(root: string, name: string): Promise<void>;
  /** Everything approved for the workspace, by name. */
  names(root: string): Promise<string[]>;
}

export function createApprovalsStore(path: string): Approvals {
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<ApprovalsFile> {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      return parsed.success ? parsed.data : { workspaces: {} };
    } catch {
      return { workspaces: {} };
    }
  }

  function update(change: (file: ApprovalsFile) => void): Promise<void> {
    const run = queue.then(async () => {
      const file = await load();
      change(file);
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    isApproved: async (root, name, fingerprint) => (await load()).workspaces[root]?.[name] === fingerprint,
    approve: (root, name, fingerprint) =>
      update((file) => {
        file.workspaces[root] = { ...file.workspaces[root], [name]: fingerprint };
      }),
    names: async (root) => Object.keys((await load()).workspaces[root] ?? {}),
    revoke: (root, name) =>
      update((file) => {
        if (file.workspaces[root]) delete file.workspaces[root][name];
      }),
  };
}
