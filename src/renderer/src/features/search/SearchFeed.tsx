import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useEvent } from '../../client/ClientContext';
import { useSearchStore } from './searchStore';

/** Ctrl+Shift+F (Cmd+Shift+F): the Search view, its query box focused. */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'f';
}

/**
 * Feeds the Search view's store (renders nothing; mounted once with the workspace, so a search's results keep
 * coming while another view is shown) and opens the view with Ctrl+Shift+F from anywhere in the app (Monaco and
 * the terminal included), unless a dialog is open. Another folder opened: the results go.
 */
export function SearchFeed() {
  useEvent('search.onResults', (batch) => useSearchStore.getState().receive(batch));
  useEvent('app.onWorkspaceOpened', () => useSearchStore.getState().clear());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e) || document.querySelector('.dialog-backdrop')) return;
      e.preventDefault();
      e.stopPropagation();
      useUiStore.getState().setSidebar('search');
      useSearchStore.getState().requestFocus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return null;
}
