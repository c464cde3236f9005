import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loosenedFields, tightenPolicy } from './projectPolicy';
import { LIMITS, policyOverridesSchema, resolvePolicy, type Policy, type PolicyOverrides } from './policySchema';

// A project (.akira/settings.json, a custom mode) can only tighten the policy: one row per policy field, and
// the table must name every field the overrides schema has, so a new field cannot slip in unruled.

/** Every leaf path of the overrides schema: `autoApprove.read`, `commands.deny`, `limits.maxTasksPerSession`, … */
function leafPaths(schema: z.ZodType, prefix = ''): string[] {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.unwrap() as z.ZodType;
  if (!(s instanceof z.ZodObject)) return [prefix];
  return Object.entries(s.shape).flatMap(([k, v]) => leafPaths(v as z.ZodType, prefix ? `${prefix}.${k}` : k));
}

/** A permissive user policy, so that every loosening is visible. */
const base: Policy = resolvePolicy({
  autoApprove: { read: true, write: true, command: true, mcp: true },
  commands: { allow: ['npm test'], deny: ['git push'], buildDirs: ['dist', 'build'], passEnv: ['MY_TOKEN'] },
  limits: { maxToolLoopsPerTodo: 30, maxRetriesPerTodo: 3, maxFileModificationsPerSession: 200, maxTasksPerSession: 50, maxConcurrentTasks: 3 },
});
const strict: Policy = resolvePolicy({ autoApprove: { read: false, write: false, command: false, mcp: false, sandboxedCommand: false }, requirePlanApproval: true });

interface Row {
  /** What a project tries that would loosen the policy. */
  loosen: PolicyOverrides;
  /** The field as the user's policy has it must survive that. */
  same(effective: Policy, from: Policy): void;
  /** A tightening value, and what it must give. */
  tighten?: PolicyOverrides;
  tightened?(effective: Policy): void;
}

const limitRows = Object.fromEntries(
  (Object.keys(LIMITS) as (keyof typeof LIMITS)[]).map((name) => [
    `limits.${name}`,
    {
      loosen: { limits: { [name]: LIMITS[name].max } },
      same: (e: Policy, from: Policy) => expect(e.limits[name]).toBe(from.limits[name]),
      tighten: { limits: { [name]: LIMITS[name].min } },
      tightened: (e: Policy) => expect(e.limits[name]).toBe(LIMITS[name].min),
    } satisfies Row,
  ]),
);

const rows: Record<string, Row> = {
  'autoApprove.read': { loosen: { autoApprove: { read: true } }, same: (e, f) => expect(e.autoApprove.read).toBe(f.autoApprove.read), tighten: { autoApprove: { read: false } }, tightened: (e) => expect(e.autoApprove.read).toBe(false) },
  'autoApprove.write': { loosen: { autoApprove: { write: true } }, same: (e, f) => expect(e.autoApprove.write).toBe(f.autoApprove.write), tighten: { autoApprove: { write: false } }, tightened: (e) => expect(e.autoApprove.write).toBe(false) },
  'autoApprove.command': { loosen: { autoApprove: { command: true } }, same: (e, f) => expect(e.autoApprove.command).toBe(f.autoApprove.command), tighten: { autoApprove: { command: false } }, tightened: (e) => expect(e.autoApprove.command).toBe(false) },
  'autoApprove.mcp': { loosen: { autoApprove: { mcp: true } }, same: (e, f) => expect(e.autoApprove.mcp).toBe(f.autoApprove.mcp), tighten: { autoApprove: { mcp: false } }, tightened: (e) => expect(e.autoApprove.mcp).toBe(false) },
  'autoApprove.sandboxedCommand': {
    loosen: { autoApprove: { sandboxedCommand: true } },
    same: (e, f) => expect(e.autoApprove.sandboxedCommand).toBe(f.autoApprove.sandboxedCommand),
    tighten: { autoApprove: { sandboxedCommand: false } },
    tightened: (e) => expect(e.autoApprove.sandboxedCommand).toBe(false),
  },
  'autoApprove.modeSwitch': {
    loosen: { autoApprove: { modeSwitch: true } },
    same: (e, f) => expect(e.autoApprove.modeSwitch).toBe(f.autoApprove.modeSwitch),
    tighten: { autoApprove: { modeSwitch: false } },
    tightened: (e) => expect(e.autoApprove.modeSwitch).toBe(false),
  },
  'commands.allow': { loosen: { commands: { allow: ['curl', 'rm'] } }, same: (e, f) => expect(e.commands.allow).toEqual(f.commands.allow) },
  'commands.deny': { loosen: { commands: { deny: [] } }, same: (e, f) => expect(e.commands.deny).toEqual(f.commands.deny), tighten: { commands: { deny: ['npm publish'] } }, tightened: (e) => expect(e.commands.deny).toEqual(expect.arrayContaining(['npm publish'])) },
  'commands.buildDirs': {
    loosen: { commands: { buildDirs: ['src', '.git', 'dist'] } },
    same: (e, f) => expect(e.commands.buildDirs.every((d) => f.commands.buildDirs.includes(d))).toBe(true),
    tighten: { commands: { buildDirs: ['dist'] } },
    tightened: (e) => expect(e.commands.buildDirs).toEqual(['dist']),
  },
  'commands.passEnv': { loosen: { commands: { passEnv: ['OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY'] } }, same: (e, f) => expect(JSON.stringify(e.commands)).toBe(JSON.stringify(f.commands)) },
  ...limitRows,
  requirePlanApproval: { loosen: { requirePlanApproval: false }, same: (e, f) => expect(e.requirePlanApproval).toBe(f.requirePlanApproval), tighten: { requirePlanApproval: true }, tightened: (e) => expect(e.requirePlanApproval).toBe(true) },
};

describe('a project can only tighten the policy', () => {
  it('has a rule for every policy field', () => {
    expect(Object.keys(rows).sort()).toEqual(leafPaths(policyOverridesSchema).sort());
  });

  for (const [field, row] of Object.entries(rows)) {
    it(`${field}: loosening is not applied and is reported; tightening is`, () => {
      for (const from of [base, strict]) {
        const layer = policyOverridesSchema.parse(row.loosen);
        row.same(tightenPolicy(from, layer), from);
      }
      // Reported (to the settings view) wherever it would change something: against the permissive base for
      // lists and limits, against the strict one for approvals.
      const reported = [base, strict].flatMap((from) => loosenedFields(from, policyOverridesSchema.parse(row.loosen)).map((l) => l.path));
      if (field !== 'commands.deny') expect(reported).toContain(`agent.policy.${field}`);
      if (row.tighten) {
        const layer = policyOverridesSchema.parse(row.tighten);
        row.tightened!(tightenPolicy(base, layer));
        expect(loosenedFields(base, layer)).toEqual([]);
      }
    });
  }
});
