import { useUiStore } from '../../appState/uiStore';
import { useReviewStore } from './reviewStore';

/**
 * Above a file in the editor while an agent's change to it waits for approval (issue 13: "a file the agent is
 * changing shows that"): a bar that links to that change in the Review view. App hands it to the editor area.
 */
export function AgentProposalBar({ path }: { path: string }) {
  const item = useReviewStore((s) => s.items.find((i) => i.kind === 'change' && i.change?.path === path));
  if (!item) return null;
  const what = item.change?.kind === 'delete' ? 'proposes to delete this file' : 'proposes a change to this file';
  return (
    <div className="viewer-banner agent-proposal-bar" role="status" data-testid="agent-proposal-bar">
      <span>
        ✦ The agent {what}
        {item.busy ? ' (being answered…)' : ''}.
      </span>
      <button
        className="banner-button primary"
        onClick={() => {
          useReviewStore.getState().select(item.key);
          useUiStore.getState().setSidebar('review');
        }}
        data-testid="agent-proposal-review"
      >
        Review
      </button>
    </div>
  );
}
