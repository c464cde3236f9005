import type { SettingsSnapshotT } from '../../../../shared/contract';
import { limitLabel } from '../../../../shared/settings/settingWords';
import { Field, InheritableSwitch } from './Field';
import { ListEditor } from './ListEditor';
import type { ApprovalKind } from './settingsForm';
import { useFieldErrors, useSettingsStore } from './settingsStore';

const approvals: { kind: ApprovalKind; label: string; hint: string }[] = [
  { kind: 'read', label: 'Reading files', hint: 'list, read and search' },
  { kind: 'write', label: 'Writing files', hint: 'write, edit and delete: otherwise each change waits in Review' },
  { kind: 'command', label: 'Running commands', hint: 'allowed commands still run without asking; denied ones never run' },
  { kind: 'mcp', label: 'MCP tools', hint: "tools of your MCP servers; a server's alwaysAllow list still runs without asking" },
];

/** Mode, context budget and the policy: auto-approval per category, allow/deny lists, limits. */
export function PolicySection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const form = useSettingsStore((s) => s.form)!;
  const scope = useSettingsStore((s) => s.scope);
  const errors = useFieldErrors();
  const setField = useSettingsStore((s) => s.setField);
  const setPolicy = useSettingsStore((s) => s.setPolicy);
  const inherited = snapshot.inheritedPolicy[scope];
  const p = form.policy;
  const ranges = snapshot.ranges;
  return (
    <section className="st-section" aria-labelledby="st-agent-title">
      <h3 id="st-agent-title">Agent</h3>
      <div className="st-grid">
        <Field id="st-mode" label="Default mode" path="agent.mode" errors={errors}>
          <select id="st-mode" className="tl-input" value={form.mode} data-testid="settings-mode" onChange={(e) => setField('mode', e.target.value)}>
            <option value="">inherited ({snapshot.effective.agent.mode})</option>
            {snapshot.modes.map((m) => (
              <option key={m.id} value={m.id} title={m.description}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-context" label="Context budget (tokens)" path="agent.contextTokens" errors={errors} hint={`${ranges.contextTokens.min.toLocaleString()}–${ranges.contextTokens.max.toLocaleString()}`}>
          <input
            id="st-context"
            className="tl-input"
            type="number"
            value={form.contextTokens}
            placeholder={String(snapshot.effective.agent.contextTokens)}
            data-testid="settings-context-tokens"
            onChange={(e) => setField('contextTokens', e.target.value)}
          />
        </Field>
      </div>

      <h4>Approve without asking</h4>
      {scope === 'workspace' && <p className="st-note">A workspace can only make the agent ask more: turning approvals off for a project is a global setting.</p>}
      <div className="st-grid">
        {approvals.map((a) => (
          <Field key={a.kind} id={`st-auto-${a.kind}`} label={a.label} path={`agent.policy.autoApprove.${a.kind}`} errors={errors} hint={a.hint}>
            <InheritableSwitch
              id={`st-auto-${a.kind}`}
              label="auto-approve"
              value={p.autoApprove[a.kind]}
              inherited={inherited.autoApprove[a.kind]}
              testId={`settings-auto-${a.kind}`}
              onChange={(v) => setPolicy((x) => ({ ...x, autoApprove: { ...x.autoApprove, [a.kind]: v } }))}
            />
          </Field>
        ))}
        <Field id="st-plan" label="Plan approval" path="agent.policy.requirePlanApproval" errors={errors} hint="Wait for the plan to be approved before executing it.">
          <InheritableSwitch
            id="st-plan"
            label="require"
            value={p.requirePlanApproval}
            inherited={inherited.requirePlanApproval}
            testId="settings-plan-approval"
            onChange={(v) => setPolicy((x) => ({ ...x, requirePlanApproval: v }))}
          />
        </Field>
      </div>

      <h4>Commands</h4>
      <div className="st-grid two">
        <Field
          id="st-allow"
          label="Allowed (run without asking)"
          path="agent.policy.commands.allow"
          errors={errors}
          hint={scope === 'workspace' ? 'Only read from the global settings.' : 'Leading words of a command, e.g. "npm test".'}
        >
          <ListEditor
            id="st-allow"
            testId="settings-allow"
            items={p.allow}
            inherited={inherited.commands.allow}
            placeholder="npm test"
            disabled={scope === 'workspace' && p.allow.length === 0}
            onChange={(allow) => setPolicy((x) => ({ ...x, allow }))}
          />
        </Field>
        <Field id="st-deny" label="Denied (never run)" path="agent.policy.commands.deny" errors={errors} hint="Wins over everything, including the allow list.">
          <ListEditor
            id="st-deny"
            testId="settings-deny"
            items={p.deny}
            inherited={inherited.commands.deny}
            placeholder="git push"
            onChange={(deny) => setPolicy((x) => ({ ...x, deny }))}
          />
        </Field>
      </div>

      <h4>Limits</h4>
      <div className="st-grid">
        {Object.entries(ranges.limits).map(([name, r]) => (
          <Field key={name} id={`st-limit-${name}`} label={limitLabel(name)} path={`agent.policy.limits.${name}`} errors={errors} hint={`${r.min}–${r.max.toLocaleString()}`}>
            <input
              id={`st-limit-${name}`}
              className="tl-input"
              type="number"
              value={p.limits[name] ?? ''}
              placeholder={String(inherited.limits[name] ?? r.default)}
              data-testid={`settings-limit-${name}`}
              onChange={(e) => setPolicy((x) => ({ ...x, limits: { ...x.limits, [name]: e.target.value } }))}
            />
          </Field>
        ))}
      </div>
    </section>
  );
}
