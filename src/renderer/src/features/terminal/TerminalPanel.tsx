import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useClient, useEvent } from '../../client/ClientContext';
import { closeTerminal, createTerminal, estimateSize, loadTerminals, resyncTerminals } from './terminalActions';
import { createTerminalRouter } from './terminalRouter';
import { useTerminalStore, type TerminalTab } from './terminalStore';
import { flowNotice, XtermView } from './XtermView';
import { terminalStrings } from './terminalStrings';
import { useText } from '../../i18n';
import './terminal.css';

/** A finished tab's mark: ✓ for exit 0, ✗ and the code for a failure (or a process a signal ended). */
const exitMark = (code: number | null) => (code === 0 ? '✓' : `✗ ${code ?? '?'}`);

/** A command tab's session tag (issue 27 defect 18): the session's short title, cut, and the TODO's number. */
function ownerTag(session: string, todo: number | null): string {
  const name = session.length > 16 ? `${session.slice(0, 15)}…` : session;
  return todo ? `${name} #${todo}` : name;
}

function TabButton({ tab, active, onClose }: { tab: TerminalTab; active: boolean; onClose(): void }) {
  const t = useText(terminalStrings);
  const activate = () => useTerminalStore.getState().activate(tab.terminalId);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate();
    } else if (e.key === 'Delete') {
      e.preventDefault();
      onClose();
    }
  };
  const close = (e: MouseEvent) => {
    e.stopPropagation();
    onClose();
  };
  const flow = tab.exited ? undefined : tab.flow;
  const state = tab.exited ? t.exitedWithCode(tab.exitCode) : flow ? flowNotice(flow) : t.running;
  const failed = tab.exited && tab.exitCode !== 0;
  return (
    <div
      className={`tab terminal-tab ${active ? 'active' : ''} ${tab.exited ? 'exited' : ''} ${failed ? 'failed' : ''}`}
      role="tab"
      tabIndex={0}
      aria-selected={active}
      aria-keyshortcuts="Delete"
      title={tab.owner ? `${t.tabTitle(tab.title, state)}\n${t.ranFor(tab.owner.session, tab.owner.todo)}` : t.tabTitle(tab.title, state)}
      data-testid="terminal-tab"
      data-terminal-id={tab.terminalId}
      data-exit={tab.exited ? String(tab.exitCode ?? '') : undefined}
      onClick={activate}
      onAuxClick={(e) => e.button === 1 && close(e)}
      onKeyDown={onKey}
    >
      <span className="terminal-tab-icon">{tab.exited ? '■' : '›_'}</span>
      {tab.owner && (
        <span className="terminal-tab-owner" data-testid="terminal-tab-owner">
          {ownerTag(tab.owner.session, tab.owner.todo)}
        </span>
      )}
      <span className="terminal-tab-title">{tab.title}</span>
      {tab.exited && (
        <span className={`terminal-tab-exit ${failed ? 'failed' : 'ok'}`} data-testid="terminal-tab-exit">
          {exitMark(tab.exitCode)}
        </span>
      )}
      {flow && (
        <span className={`terminal-tab-flow ${flow}`} data-testid="terminal-tab-flow">
          {t.paused}
        </span>
      )}
      {/* Not a button: a control inside role="tab" is nested-interactive (axe); the keyboard closes with Delete. */}
      <span
        className="close"
        aria-hidden="true"
        title={tab.exited ? t.close : t.killTerminal}
        aria-label={tab.exited ? t.closeNamed(tab.title) : t.killNamed(tab.title)}
        data-testid="terminal-close"
        onClick={close}
      >
        ×
      </span>
    </div>
  );
}

/** The Terminal panel: tabs of real shells in the workspace, rendered by xterm.js. */
export function TerminalPanel() {
  const t = useText(terminalStrings);
  const client = useClient();
  const router = useMemo(() => createTerminalRouter(), []);
  const tabs = useTerminalStore((s) => s.tabs);
  const activeId = useTerminalStore((s) => s.activeId);
  const phase = useTerminalStore((s) => s.phase);
  const error = useTerminalStore((s) => s.error);
  const views = useRef<HTMLDivElement>(null);

  // One subscription each for the whole panel; output is routed to the views by terminal id.
  useEvent('terminal.onData', ({ terminalId, data, end }) => router.push(terminalId, data, end));
  // The core waits for this page to read a terminal's output, or stopped sending it (flow control).
  useEvent('terminal.onFlow', ({ terminalId, state }) => useTerminalStore.getState().setFlow(terminalId, state));
  // Terminals started elsewhere (the agent's commands, another window) open as tabs, shown without focus.
  useEvent('terminal.onCreated', (info) => {
    useTerminalStore.getState().add({ terminalId: info.terminalId, title: info.title, exited: info.exited, exitCode: info.exitCode, ...(info.owner ? { owner: info.owner } : {}) }, false);
  });
  useEvent('terminal.onExit', ({ terminalId, exitCode }) => useTerminalStore.getState().markExited(terminalId, exitCode));
  // Closed anywhere (another window, or an old finished command tab the core retired): the tab goes.
  useEvent('terminal.onClosed', ({ terminalId }) => {
    router.forget(terminalId);
    useTerminalStore.getState().remove(terminalId);
  });
  useEvent('app.onWorkspaceOpened', () => {
    for (const tab of useTerminalStore.getState().tabs) router.forget(tab.terminalId);
    useTerminalStore.getState().reset();
    void loadTerminals(client, estimateSize(views.current));
  });

  useEffect(() => {
    void loadTerminals(client, estimateSize(views.current));
  }, [client]);

  // A dropped connection loses output: on reconnect every view starts over from its replay.
  useEffect(() => {
    let previous = client.state();
    return client.onState((state) => {
      if (state === 'connected' && previous === 'disconnected' && useTerminalStore.getState().phase === 'ready') {
        void resyncTerminals(client, router);
      }
      previous = state;
    });
  }, [client, router]);

  const newTerminal = () => {
    createTerminal(client, estimateSize(views.current), true).catch((err: Error) =>
      useTerminalStore.getState().setPhase('error', err.message),
    );
  };

  return (
    <div className="terminal-panel" data-testid="terminal-panel">
      <div className="tabs terminal-tabs">
        <span className="terminal-panel-title">{t.terminal}</span>
        {/* The tablist holds only the tabs (a button in it breaks aria-required-children). */}
        <div className="terminal-tablist" role="tablist" aria-label={t.terminals}>
          {tabs.map((tab) => (
            <TabButton
              key={tab.terminalId}
              tab={tab}
              active={tab.terminalId === activeId}
              onClose={() => void closeTerminal(client, router, tab.terminalId)}
            />
          ))}
        </div>
        <button className="icon-button" title={t.newTerminal} aria-label={t.newTerminal} data-testid="terminal-new" onClick={newTerminal}>
          +
        </button>
      </div>
      <div className="terminal-views" ref={views}>
        {tabs.map((tab) => (
          <XtermView key={tab.terminalId} tab={tab} active={tab.terminalId === activeId} client={client} router={router} />
        ))}
        {tabs.length === 0 && (
          <div className="empty terminal-empty">
            {phase === 'loading' || phase === 'idle' ? (
              t.startingShell
            ) : (
              <>
                {error && <div className="error-text">{t.couldNotStart(error)}</div>}
                <button className="link" onClick={newTerminal}>
                  {t.openNew}
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
