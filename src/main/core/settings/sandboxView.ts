import type { FullSandboxT, SandboxLayerT } from '../../../shared/contract';
import { globalSandbox, loosenedSandboxFields, SANDBOX_DEFAULTS, SANDBOX_MODES, tightenSandbox, type LoosenedSandboxField, type SandboxLayer, type SandboxSettings } from '../sandbox/sandboxSettings';

/**
 * `agent.sandbox` as the settings view sees it (issue 26): a file's well-typed fields (`pickSandbox`, for
 * `viewLayer`), and for the snapshot the sandbox in effect, what each scope inherits and the fields of the
 * workspace's layer that are not applied because they would loosen the global one (`sandboxView`).
 *
 *   const v = sandboxView(layers.global.sandbox, layers.workspace.sandbox);
 *   v.effective.mode            // global over the defaults, tightened by the workspace
 *   v.loosened[0].path          // 'agent.sandbox.mode' when the workspace says "off" and the global "auto"
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v] : undefined);

/** The well-typed fields of a file's `agent.sandbox` (an entry the schema refuses is shown as it is: checkLayer reports it). */
export function pickSandbox(raw: unknown): SandboxLayerT | undefined {
  if (!isObject(raw)) return undefined;
  const out: SandboxLayerT = {};
  if (SANDBOX_MODES.includes(raw.mode as never)) out.mode = raw.mode as SandboxLayerT['mode'];
  const allow = isObject(raw.network) ? strings(raw.network.allow) : undefined;
  if (allow) out.network = { allow };
  const denyRead = strings(raw.denyRead);
  if (denyRead) out.denyRead = denyRead;
  const allowWrite = strings(raw.allowWrite);
  if (allowWrite) out.allowWrite = allowWrite;
  const allowRead = strings(raw.allowRead);
  if (allowRead) out.allowRead = allowRead;
  return Object.keys(out).length ? out : undefined;
}

const copy = (s: SandboxSettings): FullSandboxT => ({ mode: s.mode, network: { allow: [...s.network.allow] }, denyRead: [...s.denyRead], allowWrite: [...s.allowWrite], allowRead: [...s.allowRead] });

export interface SandboxView {
  effective: FullSandboxT;
  inherited: { global: FullSandboxT; workspace: FullSandboxT };
  loosened: LoosenedSandboxField[];
}

/** The valid layers of both files (agentLayer's) as the snapshot shows them. */
export function sandboxView(global: SandboxLayer | undefined, workspace: SandboxLayer | undefined): SandboxView {
  const user = globalSandbox(global);
  return {
    effective: copy(tightenSandbox(user, workspace)),
    inherited: { global: copy(SANDBOX_DEFAULTS), workspace: copy(user) },
    loosened: loosenedSandboxFields(user, workspace),
  };
}
