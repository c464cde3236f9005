import type { SettingsSnapshotT } from '../../../../shared/contract';
import { Field } from './Field';
import { inheritedSpecValues, type SettingsForm } from './settingsForm';
import { useFieldErrors, useSettingsStore } from './settingsStore';
import { policyStrings } from './policyStrings';
import { useFormats, useText } from '../../i18n';

type Words = (typeof policyStrings)['en'];
const onFailureWords = (t: Words): Record<SettingsForm['onFailure'] & string, string> => ({
  '': '',
  ask: t.onFailureAsk,
  rollback: t.onFailureRollback,
  continue: t.onFailureContinue,
});
const assessWords = (t: Words): Record<SettingsForm['assess'] & string, string> => ({ '': '', model: t.assessModel, heuristic: t.assessHeuristic });

/** Spec sessions (agent.spec) and checkpoint retention (checkpoints.retentionDays), for the scope being edited. */
export function SpecSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(policyStrings);
  const f = useFormats();
  const failureWords = onFailureWords(t);
  const judgeWords = assessWords(t);
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
      <h3 id="st-spec-title">{t.specTitle}</h3>
      <div className="st-grid">
        <Field
          id="st-skip-confidence"
          label={t.skipConfidence}
          path="agent.spec.skipConfidence"
          errors={errors}
          hint={t.skipConfidenceHint(String(conf.min), String(conf.max))}
        >
          <input
            type="range"
            className="st-range"
            min={conf.min}
            max={conf.max}
            step={0.01}
            value={sliderValue}
            aria-label={t.skipConfidenceSlider}
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
        <Field id="st-on-failure" label={t.onFailure} path="agent.spec.onFailure" errors={errors} hint={t.onFailureHint}>
          <select id="st-on-failure" className="tl-input" value={form.onFailure} data-testid="settings-on-failure" onChange={(e) => setField('onFailure', e.target.value as SettingsForm['onFailure'])}>
            <option value="">{t.inheritedValue(failureWords[inherited.onFailure].toLowerCase())}</option>
            {(['ask', 'rollback', 'continue'] as const).map((v) => (
              <option key={v} value={v}>
                {failureWords[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-assess" label={t.assess} path="agent.spec.assess" errors={errors} hint={t.assessHint}>
          <select id="st-assess" className="tl-input" value={form.assess} data-testid="settings-assess" onChange={(e) => setField('assess', e.target.value as SettingsForm['assess'])}>
            <option value="">{t.inheritedValue(judgeWords[inherited.assess].toLowerCase())}</option>
            {(['model', 'heuristic'] as const).map((v) => (
              <option key={v} value={v}>
                {judgeWords[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="st-retention"
          label={t.retention}
          path="checkpoints.retentionDays"
          errors={errors}
          hint={
            scope === 'workspace'
              ? t.retentionWorkspaceHint(String(days.min), f.number(days.max), String(retention.retentionDays), retention.source)
              : t.retentionHint(String(days.min), f.number(days.max))
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
