import { ChangesPanel } from '../features/git/ChangesPanel';
import { useGitStatus } from '../features/git/useGitStatus';
import { EditorArea } from '../features/editor/EditorArea';
import { TerminalPanel } from '../features/terminal/TerminalPanel';
import { TimelineOverlays } from '../features/timeline/TimelineOverlays';
import { TimelinePanel } from '../features/timeline/TimelinePanel';
import { TimelineMain } from '../features/timeline/TimelineMain';
import { CheckpointDiffViewer } from '../features/editor/CheckpointDiffViewer';
import { ReviewBadge, ReviewFeed } from '../features/review/ReviewFeed';
import { AgentFeeds } from '../features/agent/AgentFeeds';
import { SessionsPanel } from '../features/agent/SessionsPanel';
import { SessionView } from '../features/agent/SessionView';
import { useSessionStore } from '../features/agent/sessionStore';
import { useWaitingSessions } from '../features/agent/useWaitingSessions';
import { ReviewList } from '../features/review/ReviewList';
import { ReviewPane } from '../features/review/ReviewPane';
import { AgentProposalBar } from '../features/review/AgentProposalBar';
import { SettingsOverlay } from '../features/settings/SettingsOverlay';
import { PaletteHost } from '../features/palette/PaletteHost';
import { viewTooltip } from '../features/palette/appActions';
import { FileTree } from '../features/workspace/FileTree';
import { SpecsPanel } from '../features/specs/SpecsPanel';
import { SpecView } from '../features/specs/SpecView';
import { SpecNotices } from '../features/specs/SpecNotices';
import { WorktreeDiff } from '../features/worktree/WorktreeDiff';
import { SearchFeed } from '../features/search/SearchFeed';
import { SearchView } from '../features/search/SearchView';
import { Toasts } from '../ui/Toasts';
import { Splitter } from './Splitter';
import { StatusBar } from './StatusBar';
import { useUiStore, type SidebarView } from '../appState/uiStore';
import { useAppInfo } from '../appState/useWorkspace';
import { Welcome } from './Welcome';
import { OpenFolderHost } from '../features/folders/OpenFolderHost';
import { useDocumentTitle } from './useDocumentTitle';
import { appStrings } from './appStrings';
import { useText } from '../i18n';

type AppWords = (typeof appStrings)['en'];

const views: { id: SidebarView; label: (t: AppWords) => string; icon: string }[] = [
  { id: 'files', label: (t) => t.files, icon: '▤' },
  { id: 'search', label: (t) => t.searchWithKeys, icon: '⌕' },
  { id: 'agent', label: (t) => t.agent, icon: '✦' },
  { id: 'changes', label: (t) => t.changes, icon: '±' },
  { id: 'timeline', label: (t) => t.timeline, icon: '◷' },
  { id: 'review', label: (t) => t.review, icon: '◫' },
  { id: 'specs', label: (t) => t.specs, icon: '☑' },
];

const titles: Record<SidebarView, (t: AppWords) => string> = {
  files: () => '',
  search: (t) => t.search,
  agent: (t) => t.agent,
  changes: (t) => t.changes,
  timeline: (t) => t.timeline,
  review: (t) => t.review,
  specs: (t) => t.specs,
};

export function App() {
  const t = useText(appStrings);
  const info = useAppInfo();
  const sidebar = useUiStore((s) => s.sidebar);
  const setSidebar = useUiStore((s) => s.setSidebar);
  const terminalHeight = useUiStore((s) => s.terminalHeight);
  const sidebarVisible = useUiStore((s) => s.sidebarVisible);
  const terminalVisible = useUiStore((s) => s.terminalVisible);
  const setTerminalHeight = useUiStore((s) => s.setTerminalHeight);
  const workspace = info.data?.workspace ?? null;
  const changedCount = new Set(useGitStatus(!!workspace).data?.files.map((f) => f.path)).size;
  const waitingSessions = useWaitingSessions();
  useDocumentTitle(workspace);
  // The Timeline shows the selected checkpoint in the main area, else the editor like the other views.
  const editorArea = <EditorArea fileBanner={(p) => <AgentProposalBar path={p} />} />;

  return (
    <div className="app">
      <div className="app-body">
        {info.isPending ? (
          <div className="welcome">{t.connecting}</div>
        ) : info.error ? (
          <div className="welcome error-text">{t.cannotReach(info.error.message)}</div>
        ) : !workspace ? (
          <Welcome />
        ) : (
          <>
            <nav className="activitybar" aria-label={t.views}>
              {views.map((v) => (
                <button
                  key={v.id}
                  className={`activity ${sidebar === v.id ? 'active' : ''}`}
                  title={viewTooltip(v.id, v.label(t))}
                  aria-label={v.label(t)}
                  aria-pressed={sidebar === v.id}
                  data-testid={`view-${v.id}`}
                  onClick={() => setSidebar(v.id)}
                >
                  {v.icon}
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
            <aside className="sidebar" hidden={!sidebarVisible} data-testid="sidebar">
              <div className="sidebar-title">{sidebar === 'files' ? workspace.name : titles[sidebar](t)}</div>
              <div className="sidebar-content">
                {sidebar === 'files' ? <FileTree /> : sidebar === 'search' ? <SearchView /> : sidebar === 'agent' ? <SessionsPanel /> : sidebar === 'changes' ? <ChangesPanel /> : sidebar === 'review' ? <ReviewList /> : sidebar === 'specs' ? <SpecsPanel /> : <TimelinePanel />}
              </div>
            </aside>
            <main className="main">
              <section className="editor-area">{sidebar === 'review' ? <ReviewPane /> : sidebar === 'agent' ? <SessionView diffView={(p) => <WorktreeDiff {...p} />} /> : sidebar === 'specs' ? <SpecView /> : sidebar === 'timeline' ? <TimelineMain diffView={(p) => <CheckpointDiffViewer {...p} />} otherwise={editorArea} openSession={(id) => useSessionStore.getState().open(id)} /> : editorArea}</section>
              {terminalVisible && <Splitter onDrag={(dy) => setTerminalHeight(terminalHeight - dy)} />}
              <section className="panel" style={{ height: terminalHeight }} hidden={!terminalVisible}>
                <TerminalPanel />
              </section>
            </main>
            <TimelineOverlays />
            <ReviewFeed />
            <AgentFeeds />
            <SearchFeed />
            <SpecNotices />
          </>
        )}
      </div>
      <SettingsOverlay />
      <PaletteHost />
      <OpenFolderHost />
      <Toasts />
      <StatusBar />
    </div>
  );
}
