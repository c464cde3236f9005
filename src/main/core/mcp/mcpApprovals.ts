import { join } from 'node:path';
import { createApprovalsStore, type Approvals } from '../../common/approvalsStore';

/**
 * Which workspace-proposed MCP servers a person approved (issue 12): `<dataDir>/mcp-approvals.json`, keyed by the
 * workspace's real path and the server's name, holding the fingerprint of the configuration approved
 * (common/approvalsStore.ts). A changed configuration (another command, other arguments, another URL) needs
 * approving again.
 *
 *   const approvals = createMcpApprovals(dataDir)
 *   await approvals.isApproved(root, 'db', fingerprint)   await approvals.approve(root, 'db', fingerprint)
 */

export const MCP_APPROVALS_FILE = 'mcp-approvals.json';

export type McpApprovals = Approvals;

export function createMcpApprovals(dataDir: string): McpApprovals {
  return createApprovalsStore(join(dataDir, MCP_APPROVALS_FILE));
}
