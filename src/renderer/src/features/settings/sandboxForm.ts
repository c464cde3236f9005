import type { SandboxLayerT, SettingsLayerT } from '../../../../shared/contract';

/**
 * The Sandbox section's part of the settings form (`agent.sandbox`, issue 26). A list is null while this scope
 * inherits it and a list (possibly empty) once it sets its own: a layer's list replaces what it inherits (the
 * workspace's `denyRead` is added to it instead, and its domains and write paths can only narrow the global ones).
 */
export interface SandboxForm {
  /** '' = inherited. */
  mode: '' | NonNullable<SandboxLayerT['mode']>;
  allow: string[] | null;
  denyRead: string[] | null;
  allowWrite: string[] | null;
  allowRead: string[] | null;
}

export type SandboxList = 'allow' | 'denyRead' | 'allowWrite' | 'allowRead';

/** Where the core reports each part (`settings.update`'s `details.fields`, `workspaceLeftOut`). */
export const SANDBOX_PATHS: Record<keyof SandboxForm, string> = {
  mode: 'agent.sandbox.mode',
  allow: 'agent.sandbox.network.allow',
  denyRead: 'agent.sandbox.denyRead',
  allowWrite: 'agent.sandbox.allowWrite',
  allowRead: 'agent.sandbox.allowRead',
};

export function sandboxFormOf(layer: SettingsLayerT): SandboxForm {
  const s = layer.agent.sandbox ?? {};
  return {
    mode: s.mode ?? '',
    allow: s.network?.allow ? [...s.network.allow] : null,
    denyRead: s.denyRead ? [...s.denyRead] : null,
    allowWrite: s.allowWrite ? [...s.allowWrite] : null,
    allowRead: s.allowRead ? [...s.allowRead] : null,
  };
}

/** The layer the form stands for (entries trimmed, empty ones dropped), null when it sets nothing. */
export function sandboxLayerOf(form: SandboxForm): SandboxLayerT | null {
  const clean = (list: string[]) => list.map((x) => x.trim()).filter(Boolean);
  const out: SandboxLayerT = {};
  if (form.mode) out.mode = form.mode;
  if (form.allow) out.network = { allow: clean(form.allow) };
  if (form.denyRead) out.denyRead = clean(form.denyRead);
  if (form.allowWrite) out.allowWrite = clean(form.allowWrite);
  if (form.allowRead) out.allowRead = clean(form.allowRead);
  return Object.keys(out).length ? out : null;
}

/**
 * `agent.sandbox` of the update: only when the form changed it (saving the other fields never rewrites a file's
 * sandbox), undefined otherwise.
 */
export function sandboxPatch(form: SandboxForm, layer: SettingsLayerT): SandboxLayerT | null | undefined {
  const next = sandboxLayerOf(form);
  return JSON.stringify(next) === JSON.stringify(sandboxLayerOf(sandboxFormOf(layer))) ? undefined : next;
}

/** The parts of the form that differ (their server messages are about the old value). */
export function changedSandboxPaths(before: SandboxForm, after: SandboxForm): string[] {
  return (Object.keys(SANDBOX_PATHS) as (keyof SandboxForm)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => SANDBOX_PATHS[k]);
}
