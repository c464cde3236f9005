import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createApprovalsStore, type Approvals } from '../../common/approvalsStore';
import type { CheckerSpec } from './checkerSpec';

/**
 * Which of a workspace's own checkers a person approved (issue 26): `<dataDir>/checker-approvals.json`, the same kind
 * of store as the MCP approvals (common/approvalsStore.ts), keyed by the workspace's real path and the checker's id,
 * holding the fingerprint of the exact command approved. A checker that needs approval (`needsApproval`:
 * checkerDetection.ts says which) and is not approved for its command now is not run by `@problems` or
 * `context.diagnostics` (they say it awaits approval); a session's get_diagnostics asks about it every time, and that
 * yes is for that call only. Approving is on purpose: `context.approveChecker` (Settings → Diagnostics checkers).
 *
 *   const approvals = createCheckerApprovals(dataDir)
 *   await approvals.isApproved(root, spec.id, checkerFingerprint(spec))
 */

export const CHECKER_APPROVALS_FILE = 'checker-approvals.json';

export function createCheckerApprovals(dataDir: string): Approvals {
  return createApprovalsStore(join(dataDir, CHECKER_APPROVALS_FILE));
}

/** What an approval approves: the command line as shown, the program it resolved to, its folder and added variables. */
export function checkerFingerprint(spec: CheckerSpec): string {
  const env = Object.entries(spec.env ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify({ command: spec.command, file: spec.file, args: spec.args, cwd: spec.cwd, env })).digest('hex');
}
