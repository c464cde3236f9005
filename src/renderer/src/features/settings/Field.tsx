import type { ReactNode } from 'react';
import { errorsUnder, type FieldErrors } from './settingsForm';
import { settingsStrings } from './settingsStrings';
import { useText } from '../../i18n';

/** A labelled control with its hint and the server's messages for its path (and anything under it). */
export function Field(props: { id: string; label: string; path: string; errors: FieldErrors; hint?: ReactNode; children: ReactNode; wide?: boolean }) {
  const messages = errorsUnder(props.errors, props.path);
  return (
    <div className={`st-field${messages.length ? ' invalid' : ''}${props.wide ? ' wide' : ''}`} data-path={props.path}>
      <label className="st-label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="st-control">{props.children}</div>
      {props.hint && <div className="st-hint">{props.hint}</div>}
      {messages.map((m) => (
        <div key={m} className="st-error" role="alert" data-testid="field-error" data-path={props.path}>
          {m}
        </div>
      ))}
    </div>
  );
}

/** A switch for a setting this scope may set or inherit: shows the value in effect, and where it comes from (not while disabled). */
export function InheritableSwitch(props: {
  id: string;
  label: string;
  value: boolean | null;
  inherited: boolean;
  onChange(value: boolean | null): void;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useText(settingsStrings);
  const own = props.value !== null;
  const shown = props.value ?? props.inherited;
  return (
    <span className="st-switch-line">
      <label className="st-switch">
        <input
          id={props.id}
          type="checkbox"
          role="switch"
          checked={shown}
          disabled={props.disabled}
          data-testid={props.testId}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.disabled ? null : own ? (
        <button type="button" className="link st-reset" title={t.useInherited} onClick={() => props.onChange(null)}>
          {t.setHereReset}
        </button>
      ) : (
        <span className="st-inherited">{t.inherited}</span>
      )}
    </span>
  );
}
