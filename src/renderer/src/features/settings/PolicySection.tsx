import type { SettingsSnapshotT } from '../../../../shared/contract';
import { Field, InheritableSwitch } from './Field';
import { ListEditor } from './ListEditor';
import type { ApprovalKind } from './settingsForm';
import { useFieldErrors, useSettingsStore } from './settingsStore';
import { policyStrings } from './policyStrings';
import { settingsStrings } from './settingsStrings';
import { numberStrings } from './numberStrings';
import { useFormats, useText } from '../../i18n';
import { modeText } from '../../ui/modeText';

/** A mode by its name, not its id (issue 27, defect 16). */
const modeNameIn = (modes: SettingsSnapshotT['modes'], id: string) => {
  const mode = modes.find((m) => m.id === id);
  return mode ? modeText({ builtIn: true, ...mode }).name : id;
};

type Words = (typeof policyStrings)['en'];
/** Example commands in the empty lists (the same in every language). */
const ALLOW_EXAMPLE = 'npm test';
const DENY_EXAMPLE = 'git push';
const approvals: { kind: ApprovalKind; label: keyof Words; hint: keyof Words }[] = [
  { kind: 'read', label: 'readingFiles', hint: 'readingHint' },
  { kind: 'write', label: 'writingFiles', hint: 'writingHint' },
  { kind: 'command', label: 'runningCommands', hint: 'commandsHint' },
  { kind: 'mcp', label: 'mcpTools', hint: 'mcpHint' },
  { kind: 'sandboxedCommand', label: 'sandboxedCommands', hint: 'sandboxedHint' },
  { kind: 'modeSwitch', label: 'modeSwitches', hint: 'modeSwitchHint' },
];

/** Mode, context budget and the policy: auto-approval per category, allow/deny lists, limits. */
export function PolicySection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(policyStrings);
  const numbers = useText(numberStrings);
  const words = useText(settingsStrings);
  const f = useFormats();
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
      <h3 id="st-agent-title">{t.agent}</h3>
      <div className="st-grid">
        <Field id="st-mode" label={t.defaultMode} path="agent.mode" errors={errors}>
          <select id="st-mode" className="tl-input" value={form.mode} data-testid="settings-mode" onChange={(e) => setField('mode', e.target.value)}>
            <option value="">{t.inheritedValue(modeNameIn(snapshot.modes, snapshot.effective.agent.mode))}</option>
            {snapshot.modes.map((m) => (
              <option key={m.id} value={m.id} title={m.description}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-context" label={t.contextBudget} path="agent.contextTokens" errors={errors} hint={`${f.number(ranges.contextTokens.min)}–${f.number(ranges.contextTokens.max)}`}>
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

      <h4>{t.approveWithoutAsking}</h4>
      {scope === 'workspace' && <p className="st-note">{t.workspaceAsksMore}</p>}
      <div className="st-grid">
        {approvals.map((a) => (
          <Field key={a.kind} id={`st-auto-${a.kind}`} label={t[a.label] as string} path={`agent.policy.autoApprove.${a.kind}`} errors={errors} hint={t[a.hint] as string}>
            <InheritableSwitch
              id={`st-auto-${a.kind}`}
              label={t.autoApprove}
              value={p.autoApprove[a.kind]}
              inherited={inherited.autoApprove[a.kind] ?? false}
              testId={`settings-auto-${a.kind}`}
              onChange={(v) => setPolicy((x) => ({ ...x, autoApprove: { ...x.autoApprove, [a.kind]: v } }))}
            />
          </Field>
        ))}
        <Field id="st-plan" label={t.planApproval} path="agent.policy.requirePlanApproval" errors={errors} hint={t.planApprovalHint}>
          <InheritableSwitch
            id="st-plan"
            label={t.require}
            value={p.requirePlanApproval}
            inherited={inherited.requirePlanApproval}
            testId="settings-plan-approval"
            onChange={(v) => setPolicy((x) => ({ ...x, requirePlanApproval: v }))}
          />
        </Field>
      </div>

      <h4>{t.commands}</h4>
      <div className="st-grid two">
        <Field
          id="st-allow"
          label={t.allowed}
          path="agent.policy.commands.allow"
          errors={errors}
          hint={scope === 'workspace' ? t.allowedWorkspaceHint : t.allowedHint}
        >
          <ListEditor
            id="st-allow"
            testId="settings-allow"
            items={p.allow}
            inherited={inherited.commands.allow}
            placeholder={words.example(ALLOW_EXAMPLE)}
            disabled={scope === 'workspace' && p.allow.length === 0}
            onChange={(allow) => setPolicy((x) => ({ ...x, allow }))}
          />
        </Field>
        <Field id="st-deny" label={t.denied} path="agent.policy.commands.deny" errors={errors} hint={t.deniedHint}>
          <ListEditor
            id="st-deny"
            testId="settings-deny"
            items={p.deny}
            inherited={inherited.commands.deny}
            placeholder={words.example(DENY_EXAMPLE)}
            onChange={(deny) => setPolicy((x) => ({ ...x, deny }))}
          />
        </Field>
      </div>

      <h4>{t.limits}</h4>
      <div className="st-grid">
        {Object.entries(ranges.limits).map(([name, r]) => (
          <Field key={name} id={`st-limit-${name}`} label={numbers.label(`limits.${name}`)} path={`agent.policy.limits.${name}`} errors={errors} hint={`${r.min}–${f.number(r.max)}`}>
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
