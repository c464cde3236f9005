import { useUiStore } from '../../appState/uiStore';
import { useReviewStore } from './reviewStore';
import { reviewNoticeStrings } from './reviewNoticeStrings';
import { useText } from '../../i18n';

/**
 * Above a file in the editor while an agent's change to it waits for approval (issue 13: "a file the agent is
 * changing shows that"): a bar that links to that change in the Review view. App hands it to the editor area.
 */
export function AgentProposalBar({ path }: { path: string }) {
  const t = useText(reviewNoticeStrings);
  const item = useReviewStore((s) => s.items.find((i) => i.kind === 'change' && i.change?.path === path));
  if (!item) return null;
  return (
    <div className="viewer-banner agent-proposal-bar" role="status" data-testid="agent-proposal-bar">
      <span>{item.change?.kind === 'delete' ? t.proposesDelete(item.busy) : t.proposesChange(item.busy)}</span>
      <button
        className="banner-button primary"
        onClick={() => {
          useReviewStore.getState().select(item.key);
          useUiStore.getState().setSidebar('review');
        }}
        data-testid="agent-proposal-review"
      >
        {t.review}
      </button>
    </div>
  );
}
