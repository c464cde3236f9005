import { useQueryClient } from '@tanstack/react-query';
import type { ApiKeyStatusT, SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { SETTINGS_KEY } from './settingsQueries';
import { useSettingsStore } from './settingsStore';

const sourceText: Record<ApiKeyStatusT['source'], string> = {
  environment: 'from OPENAI_API_KEY',
  stored: 'saved',
  settings: 'in settings.json',
  none: '',
};

const originOf = (url: string | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Write-only: the key is typed and saved, never shown again (only its last characters, when it is long enough for
 * them to give nothing away). The status names the key the model in effect gets (a saved key wins over
 * OPENAI_API_KEY for its server). A key is saved for
 * the server of the base URL in the form; the servers projects may send it to are listed (and can be removed).
 */
export function ApiKeySection({ status, baseURL, trusted }: { status: ApiKeyStatusT; baseURL: string | null; trusted: string[] }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const { keyDraft, keyEditing, keyBusy, keyError, setKeyDraft, setKeyEditing, saveKey } = useSettingsStore();
  const editing = keyEditing || !status.stored;
  const forOrigin = originOf(baseURL);
  const untrust = async (origin: string) => {
    const next = await client.invoke('settings.trustModelServer', { baseURL: origin, trusted: false });
    queryClient.setQueryData<SettingsSnapshotT>(SETTINGS_KEY, next);
  };
  const save = async (key: string | null) => {
    const next = await saveKey(client, key, baseURL);
    if (next) {
      queryClient.setQueryData<SettingsSnapshotT>(SETTINGS_KEY, (old) => (old ? { ...old, apiKey: next } : old));
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    }
  };
  return (
    <section className="st-section" aria-labelledby="st-key-title">
      <h3 id="st-key-title">API key</h3>
      <div className="st-key-line">
        <span className={`st-key-status ${status.set ? 'set' : ''}`} data-testid="api-key-status">
          {status.set ? (status.hint ? `set (${status.hint})` : 'set') : 'not set'}
          {status.set && sourceText[status.source] ? ` — ${sourceText[status.source]}` : ''}
          {status.stored && status.storedOrigin ? (status.source === 'stored' ? ` for ${status.storedOrigin}` : ` · a saved key for ${status.storedOrigin}`) : ''}
        </span>
        {status.stored && !keyEditing && (
          <>
            <button type="button" className="tl-button" data-testid="api-key-replace" onClick={() => setKeyEditing(true)}>
              Replace
            </button>
            <button type="button" className="tl-button danger" data-testid="api-key-clear" disabled={keyBusy} onClick={() => void save(null)}>
              Clear
            </button>
          </>
        )}
      </div>
      {editing && (
        <form
          className="st-key-line"
          onSubmit={(e) => {
            e.preventDefault();
            if (keyDraft.trim()) void save(keyDraft.trim());
          }}
        >
          <input
            className="tl-input st-mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-label="API key"
            placeholder={status.stored ? 'New API key' : 'Paste an API key (sk-…)'}
            value={keyDraft}
            data-testid="api-key-input"
            onChange={(e) => setKeyDraft(e.target.value)}
          />
          <button type="submit" className="tl-button primary" disabled={keyBusy || !keyDraft.trim()} data-testid="api-key-save" title={forOrigin ? `Sent only to ${forOrigin}` : undefined}>
            {forOrigin ? `Save key for ${forOrigin}` : 'Save key'}
          </button>
          {keyEditing && (
            <button type="button" className="tl-button" onClick={() => setKeyEditing(false)}>
              Cancel
            </button>
          )}
        </form>
      )}
      {keyError && (
        <div className="st-error" role="alert" data-testid="api-key-error">
          {keyError}
        </div>
      )}
      <p className="st-note" data-testid="api-key-note">
        {status.note} The key is never shown again nor written in the workspace. A server that a project&apos;s settings name gets your key only
        if the key was saved for it or you trust it.
      </p>
      {trusted.length > 0 && (
        <div className="st-trusted" data-testid="trusted-servers">
          <span className="st-note">Projects may send your key to:</span>
          {trusted.map((origin) => (
            <span key={origin} className="st-key-line">
              <code>{origin}</code>
              <button type="button" className="tl-button" onClick={() => void untrust(origin)} data-testid="trusted-remove">
                Stop trusting
              </button>
            </span>
          ))}
        </div>
      )}
    </section>
  );
}
