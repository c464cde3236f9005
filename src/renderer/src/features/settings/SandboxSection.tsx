import type { FullSandboxT, SettingsSnapshotT } from '../../../../shared/contract';
import { Field } from './Field';
import { SandboxGrants } from './SandboxGrants';
import { ListEditor } from './ListEditor';
import { SANDBOX_PATHS, sandboxFormOf, type SandboxForm, type SandboxList } from './sandboxForm';
import { useSandboxStatus } from './sandboxQueries';
import { useFieldErrors, useSettingsStore } from './settingsStore';
import { sandboxStrings } from './sandboxStrings';
import { settingsStrings } from './settingsStrings';
import { layerOf, type FieldErrors } from './settingsForm';
import { useReasonText, useText } from '../../i18n';

/** Examples in the empty lists (the same in every language). */
const EXAMPLES: Record<SandboxList, string> = { allow: 'registry.npmjs.org', denyRead: '~/.config/secrets', allowWrite: '~/.cache/pip', allowRead: '~/.ssh/known_hosts' };
const SANDBOX_DEFAULT_MODE = 'auto';

/**
 * A list this scope either inherits (shown read-only, "Change here" copies it to edit) or sets, replacing what it
 * inherits ("Use the inherited list" drops it). `additive`: this scope's entries are added to the inherited ones
 * (a workspace's denyRead), edited as the policy's command lists are.
 */
function SandboxListEditor(props: { id: string; testId: string; list: SandboxList; items: string[] | null; inherited: string[]; additive: boolean; onChange(items: string[] | null): void }) {
  const t = useText(sandboxStrings);
  const words = useText(settingsStrings);
  if (props.additive) {
    return (
      <ListEditor
        id={props.id}
        testId={props.testId}
        items={props.items ?? []}
        inherited={props.inherited}
        placeholder={words.example(EXAMPLES[props.list])}
        onChange={(items) => props.onChange(items.length ? items : null)}
      />
    );
  }
  if (props.items === null) {
    return (
      <div className="st-list" data-testid={props.testId} data-inherited="true">
        <div className="st-chips">
          {props.inherited.length ? (
            props.inherited.map((c) => (
              <span key={c} className="st-chip">
                {c}
              </span>
            ))
          ) : (
            <span className="st-inherited">{t.noneInherited}</span>
          )}
        </div>
        <span>
          <button type="button" className="link st-reset" data-testid={`${props.testId}-change`} onClick={() => props.onChange([...props.inherited])}>
            {t.changeHere}
          </button>
        </span>
      </div>
    );
  }
  return (
    <div className="st-list">
      <ListEditor id={props.id} testId={props.testId} items={props.items} inherited={[]} placeholder={words.example(EXAMPLES[props.list])} onChange={props.onChange} />
      <span>
        <button type="button" className="link st-reset" data-testid={`${props.testId}-reset`} onClick={() => props.onChange(null)}>
          {t.useInherited}
        </button>
      </span>
    </div>
  );
}

/** Whether commands run in the sandbox now (agent.sandbox), in the UI's language. */
function SandboxState({ dirty }: { dirty: boolean }) {
  const t = useText(sandboxStrings);
  const reasonText = useReasonText();
  const status = useSandboxStatus();
  if (status.isPending) return null;
  if (!status.data) return <p className="st-note">{t.cannotTell}</p>;
  const s = status.data;
  return (
    <>
      <p className={`st-note${s.available ? ' ok' : ' warn'}`} role="status" data-testid="sandbox-state" data-available={String(s.available)} data-mode={s.mode}>
        {s.available ? t.runsInSandbox : reasonText(s.reason ?? '', s.reasonWords)}
      </p>
      {dirty && <p className="st-note">{t.appliesOnSave}</p>}
    </>
  );
}

/**
 * Settings → Sandbox (issue 26): whether the agent's commands run in the OS sandbox and why not; the mode; the
 * allowed domains, the paths hidden from commands and the extra writable ones, for the global or workspace scope.
 * A workspace's value that would loosen the global one is refused next to its field on save, and said there while
 * the file holds it (`workspaceLeftOut`).
 */
export function SandboxSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(sandboxStrings);
  const reasonText = useReasonText();
  const form = useSettingsStore((s) => s.form)!;
  const scope = useSettingsStore((s) => s.scope);
  const setSandbox = useSettingsStore((s) => s.setSandbox);
  const typedErrors = useFieldErrors();
  const s = form.sandbox;
  const saved = sandboxFormOf(layerOf(snapshot, scope));
  const inherited: FullSandboxT = snapshot.inheritedSandbox?.[scope] ?? { mode: SANDBOX_DEFAULT_MODE, network: { allow: [] }, denyRead: [], allowWrite: [], allowRead: [] };
  // What the file holds and the agent leaves out, said next to its field while the form still shows it.
  const errors: FieldErrors = { ...typedErrors };
  if (scope === 'workspace') {
    for (const l of snapshot.workspaceLeftOut ?? []) {
      const part = (Object.keys(SANDBOX_PATHS) as (keyof SandboxForm)[]).find((k) => SANDBOX_PATHS[k] === l.path);
      if (part && !(l.path in errors) && JSON.stringify(s[part]) === JSON.stringify(saved[part])) errors[l.path] = t.leftOut(reasonText(l.message, l.words));
    }
  }
  const modeName = (m: string) => (m === 'off' ? t.modeOff : m === 'required' ? t.modeRequired : t.modeAuto);
  const list = (name: SandboxList, label: string, hint: string) => (
    <Field id={`st-sandbox-${name}`} label={label} path={SANDBOX_PATHS[name]} errors={errors} hint={hint}>
      <SandboxListEditor
        id={`st-sandbox-${name}`}
        testId={`settings-sandbox-${name}`}
        list={name}
        items={s[name]}
        inherited={name === 'allow' ? inherited.network.allow : inherited[name]}
        additive={scope === 'workspace' && name === 'denyRead'}
        onChange={(items) => setSandbox((x) => ({ ...x, [name]: items }))}
      />
    </Field>
  );
  return (
    <section className="st-section" aria-labelledby="st-sandbox-title" data-testid="sandbox-section">
      <h3 id="st-sandbox-title">{t.sandbox}</h3>
      <SandboxState dirty={JSON.stringify(s) !== JSON.stringify(saved)} />
      {scope === 'workspace' && <p className="st-note">{t.workspaceTightens}</p>}
      <div className="st-grid">
        <Field id="st-sandbox-mode" label={t.mode} path={SANDBOX_PATHS.mode} errors={errors} hint={t.modeHint}>
          <select
            id="st-sandbox-mode"
            className="tl-input"
            value={s.mode}
            data-testid="settings-sandbox-mode"
            onChange={(e) => setSandbox((x) => ({ ...x, mode: e.target.value as SandboxForm['mode'] }))}
          >
            <option value="">{t.inheritedValue(modeName(inherited.mode))}</option>
            <option value="auto">{t.modeAuto}</option>
            <option value="off">{t.modeOff}</option>
            <option value="required">{t.modeRequired}</option>
          </select>
        </Field>
      </div>
      <div className="st-grid two">
        {list('allow', t.allowDomains, t.allowDomainsHint)}
        {list('denyRead', t.denyRead, scope === 'workspace' ? t.denyReadWorkspaceHint : t.denyReadHint)}
        {list('allowWrite', t.allowWrite, t.allowWriteHint)}
        {list('allowRead', t.allowRead, t.allowReadHint)}
      </div>
      <SandboxGrants />
    </section>
  );
}
