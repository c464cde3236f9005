import { plainWords, settingsErrors, type ErrorWords, type Words } from '../../../../shared/errors';
import { LIMITS, type LimitName, type Policy, type PolicyOverrides } from './policySchema';

/**
 * What a project may do to the policy: only tighten it. The user's policy (defaults, the built-in mode,
 * the global settings) is the base; a project's layers (a custom mode's policy, `.akira/settings.json`)
 * go on top through `tightenPolicy`, field by field:
 *
 * | field                         | a project's value …                                   |
 * | ---                           | ---                                                   |
 * | autoApprove.*                 | can turn auto-approval off, never on                  |
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
      sandboxedCommand: base.autoApprove.sandboxedCommand && aa.sandboxedCommand !== false,
      modeSwitch: base.autoApprove.modeSwitch && aa.modeSwitch !== false,
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
  /** The message in words of the settings catalog (issue 14): the settings view says it in its language. */
  words: ErrorWords;
}

const loosened = (path: string, words: Words): LoosenedField => ({ path, message: words.en, words: plainWords(words) });

/** Each field of a project layer that would loosen `base` (and is therefore not applied), with why. */
export function loosenedFields(base: Policy, project: PolicyOverrides | undefined): LoosenedField[] {
  if (!project) return [];
  const out: LoosenedField[] = [];
  for (const [name, value] of Object.entries(project.autoApprove ?? {})) {
    // Flagged even where the base already auto-approves it: the project's value never has an effect.
    if (value === true) {
      out.push(loosened(`agent.policy.autoApprove.${name}`, settingsErrors.approvalsGlobalOnly(name)));
    }
  }
  if (project.commands?.allow?.length) {
    out.push(loosened('agent.policy.commands.allow', settingsErrors.allowListGlobalOnly));
  }
  if (project.commands?.passEnv?.length) {
    out.push(loosened('agent.policy.commands.passEnv', settingsErrors.passEnvGlobalOnly));
  }
  const extra = (project.commands?.buildDirs ?? []).filter((d) => !base.commands.buildDirs.includes(d));
  if (extra.length) {
    out.push(loosened('agent.policy.commands.buildDirs', settingsErrors.buildDirsNarrowOnly(extra.join(', '), extra.length, base.commands.buildDirs.join(', '))));
  }
  for (const [name, value] of Object.entries(project.limits ?? {})) {
    const limit = base.limits[name as LimitName];
    if (typeof value === 'number' && value > limit) {
      out.push(loosened(`agent.policy.limits.${name}`, settingsErrors.limitLowerOnly(name, limit)));
    }
  }
  if (project.requirePlanApproval === false) {
    out.push(loosened('agent.policy.requirePlanApproval', settingsErrors.planApprovalNotWaived));
  }
  return out;
}
