import { useEffect, useRef, useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useText } from '../../i18n';
import { mcpStrings } from './mcpStrings';

/** What the dialog edits: one global server (`name` null: a new one), or the whole global `mcpServers`. */
export type McpEditTarget = { kind: 'server'; name: string | null } | { kind: 'file' };

const NEW_SERVER = { command: '', args: [] as string[] };

/** The text as a JSON object, or why it is not one. */
function objectOf(text: string, t: { notJson(reason: string): string; notObject: string }): { value: Record<string, unknown> } | { error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? { value: value as Record<string, unknown> } : { error: t.notObject };
  } catch (err) {
    return { error: t.notJson((err as Error).message) };
  }
}

/**
 * Settings → MCP servers, editing (issue 24): a global server's name and its configuration as JSON (the format Claude
 * Desktop and Cline use), or the global settings' whole `mcpServers` ("Open settings file"). The core checks what is
 * saved like a reload does and answers what is wrong; nothing is written then, and the text stays for fixing. Values
 * of env and headers come as `<hidden>` and keep what is saved when left so.
 */
export function McpEditDialog({ target, onClose, onSaved }: { target: McpEditTarget; onClose(): void; onSaved(): void }) {
  const t = useText(mcpStrings);
  const client = useClient();
  const [file, setFile] = useState('');
  const [name, setName] = useState(target.kind === 'server' ? (target.name ?? '') : '');
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);

  useEffect(() => {
    let live = true;
    client
      .invoke('mcp.globalServers')
      .then(({ file: path, servers }) => {
        if (!live) return;
        setFile(path);
        const value = target.kind === 'file' ? servers : target.name ? (servers[target.name] ?? {}) : NEW_SERVER;
        setText(JSON.stringify(value, null, 2));
      })
      .catch((err: Error) => live && (setError(err.message), setText('')));
    return () => {
      live = false;
    };
  }, [client, target]);
  const loaded = text !== null;
  useEffect(() => {
    if (loaded) first.current?.focus();
  }, [loaded]);

  const save = async () => {
    const parsed = objectOf(text ?? '', t);
    if ('error' in parsed) return setError(parsed.error);
    if (target.kind === 'server' && !name.trim()) return setError(t.nameNeeded);
    setSaving(true);
    setError(null);
    try {
      if (target.kind === 'file') await client.invoke('mcp.saveGlobalServers', { servers: parsed.value });
      else await client.invoke('mcp.saveServer', { name: name.trim(), config: parsed.value, ...(target.name ? { previousName: target.name } : {}) });
      onSaved();
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const title = target.kind === 'file' ? t.fileTitle : target.name ? t.editTitle(target.name) : t.addTitle;
  return (
    <Dialog title={title} testId="mcp-edit-dialog" tone="accent" onCancel={onClose} wide>
      {file && <p className="dialog-dim st-mono" data-testid="mcp-edit-file">{t.fileAt(file)}</p>}
      {target.kind === 'server' && (
        <label className="st-field">
          <span className="st-label">{t.nameLabel}</span>
          <input ref={(el) => void (first.current = el)} className="tl-input st-mcp-name-input" value={name} onChange={(e) => setName(e.target.value)} data-testid="mcp-edit-name" />
        </label>
      )}
      <label className="st-field">
        <span className="st-label">{target.kind === 'file' ? t.serversLabel : t.configLabel}</span>
        <textarea
          ref={(el) => void (target.kind === 'file' && (first.current = el))}
          className="tl-input st-mcp-json"
          spellCheck={false}
          rows={target.kind === 'file' ? 16 : 9}
          value={text ?? ''}
          disabled={text === null}
          onChange={(e) => setText(e.target.value)}
          data-testid="mcp-edit-json"
        />
      </label>
      <p className="dialog-dim">{t.hiddenNote}</p>
      {error && (
        <p className="error-text" role="alert" data-testid="mcp-edit-error">
          {error}
        </p>
      )}
      <DialogActions>
        <button type="button" className="tl-button primary" disabled={saving || text === null} onClick={() => void save()} data-testid="mcp-edit-save">
          {saving ? t.saving : t.save}
        </button>
        <button type="button" className="tl-button" onClick={onClose} data-testid="mcp-edit-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
