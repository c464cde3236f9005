import { useQueryClient } from '@tanstack/react-query';
import type { ApiKeyStatusT, SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { SETTINGS_KEY } from './settingsQueries';
import { useSettingsStore } from './settingsStore';
import { settingsStrings } from './settingsStrings';
import { useText } from '../../i18n';

type Words = (typeof settingsStrings)['en'];
const sourceText = (t: Words, source: ApiKeyStatusT['source']): string =>
  ({ environment: t.sourceEnvironment, stored: t.sourceStored, settings: t.sourceSettings, none: '' })[source];

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
  const t = useText(settingsStrings);
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
      <h3 id="st-key-title">{t.apiKey}</h3>
      <div className="st-key-line">
        <span className={`st-key-status ${status.set ? 'set' : ''}`} data-testid="api-key-status">
          {t.keyLine({
            set: status.set,
            hint: status.hint,
            source: sourceText(t, status.source),
            storedOrigin: status.stored ? status.storedOrigin : null,
            storedInUse: status.source === 'stored',
          })}
        </span>
        {status.stored && !keyEditing && (
          <>
            <button type="button" className="tl-button" data-testid="api-key-replace" onClick={() => setKeyEditing(true)}>
              {t.replace}
            </button>
            <button type="button" className="tl-button danger" data-testid="api-key-clear" disabled={keyBusy} onClick={() => void save(null)}>
              {t.clear}
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
            aria-label={t.apiKey}
            placeholder={status.stored ? t.newApiKey : t.pasteApiKey}
            value={keyDraft}
            data-testid="api-key-input"
            onChange={(e) => setKeyDraft(e.target.value)}
          />
          <button type="submit" className="tl-button primary" disabled={keyBusy || !keyDraft.trim()} data-testid="api-key-save" title={forOrigin ? t.sentOnlyTo(forOrigin) : undefined}>
            {forOrigin ? t.saveKeyFor(forOrigin) : t.saveKey}
          </button>
          {keyEditing && (
            <button type="button" className="tl-button" onClick={() => setKeyEditing(false)}>
              {t.cancel}
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
        {t.keyNote(status.note)}
      </p>
      {trusted.length > 0 && (
        <div className="st-trusted" data-testid="trusted-servers">
          <span className="st-note">{t.projectsMaySend}</span>
          {trusted.map((origin) => (
            <span key={origin} className="st-key-line">
              <code>{origin}</code>
              <button type="button" className="tl-button" onClick={() => void untrust(origin)} data-testid="trusted-remove">
                {t.stopTrusting}
              </button>
            </span>
          ))}
        </div>
      )}
    </section>
  );
}
