import { useClient } from '../../client/ClientContext';
import { useSettingsStore } from './settingsStore';
import { settingsStrings } from './settingsStrings';
import { useLanguage, useText } from '../../i18n';
import { connectionTestText } from './connectionTestText';

/** "Test connection" with what is typed (saved values where a field is empty): the model list and a tiny chat. */
export function ConnectionSection() {
  const t = useText(settingsStrings);
  const client = useClient();
  const test = useSettingsStore((s) => s.test);
  const run = useSettingsStore((s) => s.testConnection);
  const result = test.result;
  const language = useLanguage();
  const said = result ? connectionTestText(result, language) : null;
  return (
    <section className="st-section" aria-labelledby="st-test-title">
      <h3 id="st-test-title">{t.connection}</h3>
      <div className="st-key-line">
        <button type="button" className="tl-button" disabled={test.running} data-testid="settings-test" onClick={() => void run(client)}>
          {test.running ? t.testing : t.testConnection}
        </button>
        <span className="st-hint">{t.testHint}</span>
      </div>
      {(result || test.error) && (
        <div className={`st-test-result ${result?.ok ? 'ok' : 'failed'}`} role="status" data-testid="settings-test-result" data-ok={result?.ok ? 'true' : 'false'}>
          <div>{result && said ? `${result.ok ? '✓' : '✗'} ${said.text}` : `✗ ${test.error}`}</div>
          {said?.hint && (
            <div className="st-hint" data-testid="settings-test-hint">
              {said.hint}
            </div>
          )}
          {result?.models && result.models.length > 0 && (
            <div className="st-hint" data-testid="settings-test-models">
              {t.modelsListed(result.models.slice(0, 20).join(', '), result.models.length > 20 ? result.models.length : null)}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
