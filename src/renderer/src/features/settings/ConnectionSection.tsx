import { useClient } from '../../client/ClientContext';
import { useSettingsStore } from './settingsStore';

/** "Test connection" with what is typed (saved values where a field is empty): the model list and a tiny chat. */
export function ConnectionSection() {
  const client = useClient();
  const test = useSettingsStore((s) => s.test);
  const run = useSettingsStore((s) => s.testConnection);
  const result = test.result;
  return (
    <section className="st-section" aria-labelledby="st-test-title">
      <h3 id="st-test-title">Connection</h3>
      <div className="st-key-line">
        <button type="button" className="tl-button" disabled={test.running} data-testid="settings-test" onClick={() => void run(client)}>
          {test.running ? 'Testing…' : 'Test connection'}
        </button>
        <span className="st-hint">Lists the server’s models and sends one short chat message.</span>
      </div>
      {(result || test.error) && (
        <div className={`st-test-result ${result?.ok ? 'ok' : 'failed'}`} role="status" data-testid="settings-test-result" data-ok={result?.ok ? 'true' : 'false'}>
          <div>{result ? `${result.ok ? '✓' : '✗'} ${result.message}` : `✗ ${test.error}`}</div>
          {result?.models && result.models.length > 0 && (
            <div className="st-hint" data-testid="settings-test-models">
              Models: {result.models.slice(0, 20).join(', ')}
              {result.models.length > 20 ? ` … (${result.models.length})` : ''}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
