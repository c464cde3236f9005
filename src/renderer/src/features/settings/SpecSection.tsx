import type { SettingsSnapshotT } from '../../../../shared/contract';
import { Field } from './Field';
import { inheritedSpecValues, type SettingsForm } from './settingsForm';
import { useFieldErrors, useSettingsStore } from './settingsStore';

const onFailureWords: Record<SettingsForm['onFailure'] & string, string> = {
  '': '',
  ask: 'Ask me (retry, skip, edit or stop)',
  rollback: 'Roll the task’s files back, go on',
  continue: 'Keep its changes, go on',
};
const assessWords: Record<SettingsForm['assess'] & string, string> = {
  '': '',
  model: 'Quick checks, then the model',
  heuristic: 'Quick checks only (no model call)',
};

/** Spec sessions (agent.spec) and checkpoint retention (checkpoints.retentionDays), for the scope being edited. */
export function SpecSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const form = useSettingsStore((s) => s.form)!;
  const scope = useSettingsStore((s) => s.scope);
  const errors = useFieldErrors();
  const setField = useSettingsStore((s) => s.setField);
  const inherited = inheritedSpecValues(snapshot, scope);
  const { skipConfidence: conf, retentionDays: days } = snapshot.ranges;
  const typed = Number(form.skipConfidence);
  const sliderValue = form.skipConfidence.trim() && Number.isFinite(typed) ? Math.min(conf.max, Math.max(conf.min, typed)) : inherited.skipConfidence;
  const retention = snapshot.effective.checkpoints;
  return (
    <section className="st-section" aria-labelledby="st-spec-title" data-testid="settings-spec">
      <h3 id="st-spec-title">Spec sessions and checkpoints</h3>
      <div className="st-grid">
        <Field
          id="st-skip-confidence"
          label="Skip a task judged done at confidence ≥"
          path="agent.spec.skipConfidence"
          errors={errors}
          hint={`${conf.min}–${conf.max}. Below it, a task that looks done still runs and is verified.`}
        >
          <input
            type="range"
            className="st-range"
            min={conf.min}
            max={conf.max}
            step={0.01}
            value={sliderValue}
            aria-label="Skip confidence (slider)"
            data-testid="settings-skip-confidence-slider"
            onChange={(e) => setField('skipConfidence', e.target.value)}
          />
          <input
            id="st-skip-confidence"
            className="tl-input st-narrow"
            type="number"
            min={conf.min}
            max={conf.max}
            step={0.05}
            value={form.skipConfidence}
            placeholder={String(inherited.skipConfidence)}
            data-testid="settings-skip-confidence"
            onChange={(e) => setField('skipConfidence', e.target.value)}
          />
        </Field>
        <Field id="st-on-failure" label="When a task fails for good" path="agent.spec.onFailure" errors={errors} hint="After its retries; rollback restores its files to its start checkpoint.">
          <select id="st-on-failure" className="tl-input" value={form.onFailure} data-testid="settings-on-failure" onChange={(e) => setField('onFailure', e.target.value as SettingsForm['onFailure'])}>
            <option value="">inherited ({onFailureWords[inherited.onFailure].toLowerCase()})</option>
            {(['ask', 'rollback', 'continue'] as const).map((v) => (
              <option key={v} value={v}>
                {onFailureWords[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-assess" label="Judge each task before it runs with" path="agent.spec.assess" errors={errors} hint="Quick checks: the files, symbols and test command the task names.">
          <select id="st-assess" className="tl-input" value={form.assess} data-testid="settings-assess" onChange={(e) => setField('assess', e.target.value as SettingsForm['assess'])}>
            <option value="">inherited ({assessWords[inherited.assess].toLowerCase()})</option>
            {(['model', 'heuristic'] as const).map((v) => (
              <option key={v} value={v}>
                {assessWords[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="st-retention"
          label="Keep checkpoints (days)"
          path="checkpoints.retentionDays"
          errors={errors}
          hint={
            scope === 'workspace'
              ? `${days.min}–${days.max.toLocaleString()}; a workspace can only keep them longer. In effect: ${retention.retentionDays} days (${retention.source}).`
              : `${days.min}–${days.max.toLocaleString()}; older checkpoints are pruned.`
          }
        >
          <input
            id="st-retention"
            className="tl-input"
            type="number"
            min={days.min}
            max={days.max}
            step={1}
            value={form.retentionDays}
            placeholder={String(inherited.retentionDays)}
            data-testid="settings-retention-days"
            onChange={(e) => setField('retentionDays', e.target.value)}
          />
        </Field>
      </div>
    </section>
  );
}
