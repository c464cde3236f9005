import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useClient } from '../../client/ClientContext';
import { CommandPalette } from './CommandPalette';
import { usePaletteStore } from './paletteStore';
import { QuickOpen } from './QuickOpen';
import { useRecentStore } from './recentStore';
import { ShortcutsDialog } from './ShortcutsDialog';
import { StopSessionDialog } from './StopSessionDialog';
import { useShortcutKeys } from './useShortcutKeys';
import './palette.css';

/**
 * The app's keys and the palette's dialogs, mounted once with the workspace: the registry's shortcuts
 * (useShortcutKeys), quick open or the command palette, the Keyboard Shortcuts page, the stop question; and the
 * files opened in the editor, remembered for quick open's empty query.
 */
export function PaletteHost() {
  const client = useClient();
  const queryClient = useQueryClient();
  const info = useAppInfo().data;
  const root = info?.workspace?.root ?? null;
  const face = info?.face ?? null;
  const ctx = useMemo(() => ({ client, queryClient, workspace: root !== null, face }), [client, queryClient, root, face]);
  const { mode, text, opened, shortcuts, stopping } = usePaletteStore();
  const open = mode !== null || shortcuts || stopping !== null;
  useShortcutKeys(ctx);

  // All closed: the focus goes back where it was, unless what ran took it (the editor at a line, a terminal).
  useEffect(() => {
    if (open) return;
    const back = usePaletteStore.getState().returnFocus;
    const now = document.activeElement;
    if (back && document.contains(back) && (!now || now === document.body || !document.contains(now))) back.focus();
    usePaletteStore.setState({ returnFocus: null });
  }, [open]);

  useEffect(() => {
    if (!root) return;
    const remember = (path: string | null) => path && useRecentStore.getState().openedFile(root, path);
    const fileOf = (s: ReturnType<typeof useUiStore.getState>) => (s.editor?.kind === 'file' ? s.editor.path : null);
    remember(fileOf(useUiStore.getState()));
    return useUiStore.subscribe((s, before) => {
      const path = fileOf(s);
      if (path !== fileOf(before)) remember(path);
    });
  }, [root]);

  return (
    <>
      {mode === 'files' && root && <QuickOpen initial={text} opened={opened} />}
      {mode === 'commands' && <CommandPalette ctx={ctx} initial={text} opened={opened} />}
      {shortcuts && <ShortcutsDialog />}
      {stopping && <StopSessionDialog sessionId={stopping} />}
    </>
  );
}
