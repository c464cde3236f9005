import { ClientError, type AkiraClient } from '../../client/client';
import { textOf } from '../../i18n';
import { editorStrings } from './editorStrings';

/** An answer of the core (not found, forbidden…) will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

/** react-query options of the editor's command results; one key per file so events can refresh just it. */
export const fileQuery = (client: AkiraClient, path: string) => ({
  queryKey: ['workspace.read', path] as const,
  queryFn: () => client.invoke('workspace.read', { path }),
  retry,
});

export const diffQuery = (client: AkiraClient, path: string) => ({
  queryKey: ['git.diff', path] as const,
  queryFn: () => client.invoke('git.diff', { path }),
  retry,
});

/**
 * Options shared by the diff viewers (both sides read-only) and, made editable below, the file editor. The read-only
 * message is a getter: spreading the options into a new editor reads it in the UI's language of that moment.
 */
export const viewerOptions = {
  readOnly: true,
  domReadOnly: true,
  get readOnlyMessage() {
    return { value: textOf(editorStrings).readOnlyViewer };
  },
  automaticLayout: true,
  fontFamily: "'JetBrains Mono', 'Fira Code', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  fontSize: 13,
  lineHeight: 20,
  scrollBeyondLastLine: false,
  renderLineHighlight: 'line',
  padding: { top: 6, bottom: 6 },
  minimap: { enabled: true, renderCharacters: false, maxColumn: 80 },
  smoothScrolling: true,
  contextmenu: true,
  fixedOverflowWidgets: true,
} as const;

/** The file editor's options: the viewers' look, editable (a file shown only in part is made read-only). */
export const editorOptions = {
  ...viewerOptions,
  readOnly: false,
  domReadOnly: false,
  get readOnlyMessage() {
    return { value: textOf(editorStrings).readOnlyTooLarge };
  },
} as const;
