import { z } from 'zod';

/**
 * What the OS sandbox refused while an agent command ran (issue 26), as the session log and `agent.onEvent` carry it
 * in `command_finished.blocked`: a connection its proxy refused, or a write or read the command's output says was
 * refused. The same shape as the runner's `SandboxBlock` (main/core/terminal/sandboxDenials.ts); the activity's
 * terminal card lists them.
 *
 *   {kind: 'network', host: '127.0.0.1', port: 8080, reason: 'local_address'}
 *   {kind: 'write', path: '/home/u/.bashrc'}
 */

export const MAX_SANDBOX_BLOCKS = 20;
const MAX_HOST = 255;
const MAX_PATH = 4096;

/** Why the proxy refused a connection (main/core/sandbox/proxyDecision.ts BlockReason). */
export const sandboxBlockReason = z.enum(['not_allowed', 'local_address', 'unresolved']);
export type SandboxBlockReason = z.infer<typeof sandboxBlockReason>;

export const sandboxBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('network'),
    host: z.string().min(1).max(MAX_HOST),
    port: z.number().int().min(0).max(65535),
    reason: sandboxBlockReason,
  }),
  z.object({ kind: z.enum(['write', 'read']), path: z.string().min(1).max(MAX_PATH) }),
]);
export type SandboxBlockData = z.infer<typeof sandboxBlockSchema>;

export const sandboxBlocksSchema = z.array(sandboxBlockSchema).max(MAX_SANDBOX_BLOCKS);

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The runner's blocks as the log takes them: at most 20, each string within its bound (a longer one is cut, not refused). */
export function sandboxBlocksForLog(blocked: readonly SandboxBlockData[]): SandboxBlockData[] {
  return blocked.slice(0, MAX_SANDBOX_BLOCKS).map((b) =>
    b.kind === 'network' ? { kind: 'network', host: cut(b.host, MAX_HOST), port: b.port, reason: b.reason } : { kind: b.kind, path: cut(b.path, MAX_PATH) },
  );
}

const LOOPBACK = /^(?:localhost|[\w.-]+\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|::1?|\[::1?\])$/i;

/**
 * Why a refused connection was refused, as a person reads it: a loopback host the proxy refused as not allowed is
 * still "a server on this machine" (`127.0.0.1` is never on the domain list; `local_address` is for a name that
 * resolved to such an address).
 */
export function blockedConnectionReason(b: { host: string; reason: SandboxBlockReason }): SandboxBlockReason {
  return b.reason === 'not_allowed' && LOOPBACK.test(b.host) ? 'local_address' : b.reason;
}

/**
 * What allowing a blocked command would let through (main/core/sandbox/sandboxGrants.ts): hosts for the proxy, paths to
 * write, paths to read although the sandbox hides them. The sandbox card shows it before the user chooses.
 */
export const sandboxGrantSchema = z.object({
  network: z.array(z.string().min(1).max(MAX_HOST)).max(MAX_SANDBOX_BLOCKS),
  allowWrite: z.array(z.string().min(1).max(MAX_PATH)).max(MAX_SANDBOX_BLOCKS),
  allowRead: z.array(z.string().min(1).max(MAX_PATH)).max(MAX_SANDBOX_BLOCKS),
});
export type SandboxGrantData = z.infer<typeof sandboxGrantSchema>;

/**
 * How the user answers a sandbox card (`agent.approve`'s `sandbox`): allow what it blocked for this session, for this
 * workspace or everywhere, and run the command again; or run this one command outside the sandbox (never granted by
 * `akira run --yes`). Rejecting the approval keeps it blocked.
 */
export const SANDBOX_ANSWERS = ['session', 'workspace', 'global', 'outside'] as const;
export const sandboxAnswer = z.enum(SANDBOX_ANSWERS);
export type SandboxAnswer = z.infer<typeof sandboxAnswer>;
