import { useGitStatus } from '../features/git/useGitStatus';
import { ReviewBadge } from '../features/review/ReviewFeed';
import { useWaitingSessions } from '../features/agent/useWaitingSessions';
import { viewTooltip } from '../features/palette/appActions';
import { useUiStore, type SidebarView } from '../appState/uiStore';
import { Codicon, type CodiconName } from '../ui/Codicon';
import { appStrings } from './appStrings';
import { useText } from '../i18n';

type AppWords = (typeof appStrings)['en'];

/** The views in the bar's order, each with VS Code's codicon for the same kind of view. */
export const ACTIVITY_VIEWS: { id: SidebarView; label: (t: AppWords) => string; icon: CodiconName }[] = [
  { id: 'files', label: (t) => t.files, icon: 'files' },
  { id: 'search', label: (t) => t.search, icon: 'search' },
  { id: 'agent', label: (t) => t.agent, icon: 'sparkle' },
  { id: 'changes', label: (t) => t.changes, icon: 'source-control' },
  { id: 'timeline', label: (t) => t.timeline, icon: 'history' },
  { id: 'review', label: (t) => t.review, icon: 'git-pull-request' },
  { id: 'specs', label: (t) => t.specs, icon: 'checklist' },
];

/** The activity bar: one icon button per view (its accessible name is the view's), with the badges that call for a look. */
export function ActivityBar() {
  const t = useText(appStrings);
  const sidebar = useUiStore((s) => s.sidebar);
  const setSidebar = useUiStore((s) => s.setSidebar);
  const changedCount = new Set(useGitStatus(true).data?.files.map((f) => f.path)).size;
  const waitingSessions = useWaitingSessions();
  return (
    <nav className="activitybar" aria-label={t.views}>
      {ACTIVITY_VIEWS.map((v) => (
        <button
          key={v.id}
          className={`activity ${sidebar === v.id ? 'active' : ''}`}
          title={viewTooltip(v.id, v.label(t))}
          aria-label={v.label(t)}
          aria-pressed={sidebar === v.id}
          data-testid={`view-${v.id}`}
          onClick={() => setSidebar(v.id)}
        >
          <Codicon name={v.icon} />
          {v.id === 'changes' && changedCount > 0 && (
            <span className="activity-badge" data-testid="changes-badge">
              {changedCount > 999 ? '999+' : changedCount}
            </span>
          )}
          {v.id === 'agent' && waitingSessions > 0 && (
            <span className="activity-badge agent-badge" data-testid="agent-badge" title={t.sessionsWaiting}>
              {waitingSessions}
            </span>
          )}
          {v.id === 'review' && <ReviewBadge />}
        </button>
      ))}
    </nav>
  );
}
