/** The OS sandbox of the agent's commands (issue 26): README.md in this folder says what it does and does not stop. */
export { createSandbox, type CreateSandboxOptions, type Sandbox, type WrappedCommand } from './createSandbox';
export { detectSandbox, sandboxAvailability, systemProbe, type SandboxAvailability, type SystemProbe, type UnavailableKind } from './sandboxAvailability';
export { bwrapArgs } from './bwrapArgs';
export { planSandbox, type SandboxPlan } from './sandboxPaths';
export { startSandboxProxy, type BlockedConnection, type SandboxProxy } from './sandboxProxy';
export { isAllowed, isLocalAddress, type BlockReason } from './proxyDecision';
export {
  DEFAULT_DENY_READ,
  DEFAULT_NETWORK_ALLOW,
  SANDBOX_DEFAULTS,
  SANDBOX_MODES,
  globalSandbox,
  loosenedSandboxFields,
  sandboxLayerSchema,
  sandboxPathsOf,
  tightenSandbox,
  type LoosenedSandboxField,
  type SandboxLayer,
  type SandboxMode,
  type SandboxSettings,
} from './sandboxSettings';
export { createWorkspaceSandbox, type SandboxStatus, type WorkspaceSandbox } from './workspaceSandbox';
