import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../common/atomicWrite';

/**
 * Which workspace-proposed MCP servers a person approved (issue 12: "a project you open must not start processes
 * by itself"): `<dataDir>/mcp-approvals.json`, outside every workspace, keyed by the workspace's real path and the
 * server's name, holding the fingerprint of the configuration approved. A changed configuration (another command,
 * other arguments, another URL) needs approving again.
 *
 *   const approvals = createMcpApprovals(dataDir)
 *   await approvals.isApproved(root, 'db', fingerprint)   await approvals.approve(root, 'db', fingerprint)
 */

const fileSchema = z.object({ workspaces: z.record(z.string(), z.record(z.string(), z.string())).default({}) });
type ApprovalsFile = z.infer<typeof fileSchema>;

export const MCP_APPROVALS_FILE = 'mcp-approvals.json';

export interface McpApprovals {
  isApproved(root: string, name: string, fingerprint: string): Promise<boolean>;
  approve(root: string, name: string, fingerprint: string): Promise<void>;
  revoke(root: string, name: string): Promise<void>;
}

export function createMcpApprovals(dataDir: string): McpApprovals {
  const path = join(dataDir, MCP_APPROVALS_FILE);
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
    revoke: (root, name) =>
      update((file) => {
        if (file.workspaces[root]) delete file.workspaces[root][name];
      }),
  };
}
