import type { PolicyOverrides } from '../policy/policySchema';
import { builtinModes, type Mode } from './builtinModes';

/**
 * A mode's policy in two parts: what the user's own Akira trusts (a built-in mode's policy; for a custom
 * mode, that of the built-in it extends, if any) and what the project brings (a custom mode's merged
 * policy), which may only tighten the rest (policy/projectPolicy.ts).
 */
export function modePolicyLayers(mode: Mode, modes: readonly Mode[]): { trusted: PolicyOverrides | undefined; project: PolicyOverrides | undefined } {
  if (mode.builtIn) return { trusted: mode.policy, project: undefined };
  const builtins = new Map(builtinModes().map((m) => [m.id, m]));
  const seen = new Set<Mode>();
  let m: Mode | undefined = mode;
  while (m && !m.builtIn && m.extends && !seen.has(m)) {
    seen.add(m);
    const id: string = m.extends;
    // A custom mode that carries a built-in's id extends that built-in.
    const custom: Mode | undefined = id !== m.id ? modes.find((x) => x.id === id && !x.builtIn) : undefined;
    m = custom ?? builtins.get(id);
  }
  return { trusted: m?.builtIn ? m.policy : undefined, project: mode.policy };
}
