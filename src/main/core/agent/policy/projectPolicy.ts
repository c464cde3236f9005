import { limitLabel } from '../../../../shared/settings/settingWords';
import { LIMITS, type LimitName, type Policy, type PolicyOverrides } from './policySchema';

/**
 * What a project may do to the policy: only tighten it. The user's policy (defaults, the built-in mode,
 * the global settings) is the base; a project's layers (a custom mode's policy, `.akira/settings.json`)
 * go on top through `tightenPolicy`, field by field:
 *
 * | field                         | a project's value …                                   |
 * | ---                           | ---                                                   |
 * | autoApprove.read/write/command/mcp | can turn auto-approval off, never on              |
 * | commands.allow                | is ignored (it would let commands run without asking) |
 * | commands.deny                 | is added to the user's deny list                      |
 * | commands.buildDirs            | narrows the list (only folders the user's list has)   |
 * | commands.passEnv              | is ignored (it would pass secrets into commands)      |
 * | limits.*                      | can lower a limit, never raise it                     |
 * | requirePlanApproval           | can require it, never waive it                        |
 *
 * `loosenedFields` names what a project layer tries that is not applied, for the settings view.
 */

export function tightenPolicy(base: Policy, project: PolicyOverrides | undefined): Policy {
  if (!project) return base;
  const aa = project.autoApprove ?? {};
  const c = project.commands ?? {};
  const limits = { ...base.limits };
  for (const name of Object.keys(LIMITS) as LimitName[]) {
    const v = project.limits?.[name];
    if (v !== undefined) limits[name] = Math.min(base.limits[name], v);
  }
  return {
    autoApprove: {
      read: base.autoApprove.read && aa.read !== false,
      write: base.autoApprove.write && aa.write !== false,
      command: base.autoApprove.command && aa.command !== false,
      mcp: base.autoApprove.mcp && aa.mcp !== false,
    },
    commands: {
      ...base.commands,
      allow: base.commands.allow,
      deny: [...new Set([...base.commands.deny, ...(c.deny ?? [])])],
      buildDirs: c.buildDirs ? base.commands.buildDirs.filter((d) => c.buildDirs!.includes(d)) : base.commands.buildDirs,
    },
    limits,
    requirePlanApproval: base.requirePlanApproval || project.requirePlanApproval === true,
  };
}

export interface LoosenedField {
  path: string;
  message: string;
}

/** Each field of a project layer that would loosen `base` (and is therefore not applied), with why. */
export function loosenedFields(base: Policy, project: PolicyOverrides | undefined): LoosenedField[] {
  if (!project) return [];
  const out: LoosenedField[] = [];
  for (const [name, value] of Object.entries(project.autoApprove ?? {})) {
    // Flagged even where the base already auto-approves it: the project's value never has an effect.
    if (value === true) {
      out.push({ path: `agent.policy.autoApprove.${name}`, message: `A workspace can only turn approvals on: auto-approving ${name} is a global setting (switch the scope to Global).` });
    }
  }
  if (project.commands?.allow?.length) {
    out.push({ path: 'agent.policy.commands.allow', message: 'The allow list is only read from the global settings, so a project cannot allow its own commands; use the deny list here.' });
  }
  if (project.commands?.passEnv?.length) {
    out.push({ path: 'agent.policy.commands.passEnv', message: 'Variables passed to commands are only read from the global settings, so a project cannot pull secrets into them.' });
  }
  const extra = (project.commands?.buildDirs ?? []).filter((d) => !base.commands.buildDirs.includes(d));
  if (extra.length) {
    out.push({
      path: 'agent.policy.commands.buildDirs',
      message: `A project can only narrow the build folders (where rm -rf does not ask): ${extra.join(', ')} ${extra.length === 1 ? 'is' : 'are'} not in the inherited list (${base.commands.buildDirs.join(', ')}).`,
    });
  }
  for (const [name, value] of Object.entries(project.limits ?? {})) {
    const limit = base.limits[name as LimitName];
    if (typeof value === 'number' && value > limit) {
      out.push({ path: `agent.policy.limits.${name}`, message: `A project can only lower “${limitLabel(name)}”: the inherited value is ${limit} (raise it in the global settings).` });
    }
  }
  if (project.requirePlanApproval === false) {
    out.push({ path: 'agent.policy.requirePlanApproval', message: 'A project can require plan approval but not waive it; leave it unset here.' });
  }
  return out;
}
