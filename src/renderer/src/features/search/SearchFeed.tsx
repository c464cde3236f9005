import { useEvent } from '../../client/ClientContext';
import { useSearchStore } from './searchStore';

/**
 * Feeds the Search view's store (renders nothing; mounted once with the workspace, so a search's results keep
 * coming while another view is shown). Another folder opened: the results go. Ctrl+Shift+F (the view, its query
 * focused, from anywhere in the app) is the app's action registry's (features/palette/appActions.ts).
 */
export function SearchFeed() {
  useEvent('search.onResults', (batch) => useSearchStore.getState().receive(batch));
  useEvent('app.onWorkspaceOpened', () => useSearchStore.getState().clear());
  return null;
}
