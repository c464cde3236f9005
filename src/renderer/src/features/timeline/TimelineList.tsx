import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CheckpointRecordT } from '../../../../shared/contract';
import { useFormats, useLanguage, useText } from '../../i18n';
import { AgentGroupRow } from './AgentGroupRow';
import { AgentTodoRow } from './AgentTodoRow';
import { agentOf, useAgentGroups, useAgentSessionRefresh } from './agentTimeline';
import { CheckpointRow } from './CheckpointRow';
import { checkpointName } from './checkpointNames';
import { useRestoreStore } from './restoreStore';
import { buildRows, layoutRows, stepCheckpoint, type TimelineRow } from './timelineRows';
import { useTimelineStore, type TimelineLoader } from './timelineStore';
import { hasMore } from './timelinePaging';
import { timelineStrings } from './timelineStrings';

/** Re-renders every `ms` so relative times ("5 min ago") stay true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Start loading the next page when the viewport is this close to the end of what is loaded. */
const LOAD_AHEAD_PX = 600;
/** Rows rendered beyond each edge of the viewport (about 300 px of checkpoint rows). */
const OVERSCAN_ROWS = 7;

function StatusRow({ loader }: { loader: TimelineLoader }) {
  const t = useText(timelineStrings);
  const f = useFormats();
  const { items, total, loading, error } = useTimelineStore();
  if (error) {
    return (
      <div className="tl-status error-text" role="alert">
        {t.couldNotList(error)}{' '}
        <button className="link" onClick={() => (items.length ? loader.more() : loader.start())}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (loading) return <div className="tl-status">{t.loading}</div>;
  if (hasMore(items.length, total)) {
    return (
      <div className="tl-status">
        <button className="link" onClick={() => loader.more()} data-testid="timeline-load-more">
          {t.loadOlder(f.number(total - items.length))}
        </button>
      </div>
    );
  }
  return <div className="tl-status tl-end">{t.checkpoints(total, f.number(total))}</div>;
}

/**
 * The checkpoints, newest first, grouped by day on a vertical timeline. Windowed (@tanstack/react-virtual):
 * only the rows near the viewport are in the DOM, and older pages load as the end comes into view, so
 * thousands stay fast. Row heights are known (`layoutRows`: fixed), so nothing is measured in the list. The
 * selected checkpoint's detail is in the main area (TimelineMain).
 */
export function TimelineList({ loader }: { loader: TimelineLoader }) {
  const t = useText(timelineStrings);
  const language = useLanguage();
  const items = useTimelineStore((s) => s.items);
  const total = useTimelineStore((s) => s.total);
  const loading = useTimelineStore((s) => s.loading);
  const error = useTimelineStore((s) => s.error);
  const selectedId = useTimelineStore((s) => s.selectedId);
  const pickingFor = useTimelineStore((s) => s.pickingFor);
  const now = useNow(30_000);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollToSelection = useRef(false);

  const showStatus = loading || !!error || hasMore(items.length, total) || items.length > 0;
  // Day headings change at midnight: `now` is rounded to the minute to keep rows stable in between.
  const minute = Math.floor(now / 60_000);
  const collapsed = useAgentGroups((s) => s.collapsed);
  // The language is a dependency: day headings are words.
  const rows = useMemo(() => buildRows(items, minute * 60_000, showStatus, collapsed), [items, minute, showStatus, collapsed, language]);
  useAgentSessionRefresh();
  const layout = useMemo(() => layoutRows(rows), [rows]);
  // The virtualizer recomputes its positions when getItemKey changes: a new one for every new layout.
  const getItemKey = useCallback((i: number) => rows[i].key, [rows, layout]);
  const estimateSize = useCallback((i: number) => layout.heights[i], [layout]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
  });
  const scrollTop = virtualizer.scrollOffset ?? 0;
  const viewport = virtualizer.scrollRect?.height ?? 600;

  // Older pages load as the end of the list comes near.
  useEffect(() => {
    if (!hasMore(items.length, total) || loading || error) return;
    if (scrollTop + viewport + LOAD_AHEAD_PX >= layout.totalHeight) loader.more();
  }, [scrollTop, viewport, layout.totalHeight, items.length, total, loading, error, loader]);

  // Keyboard moves keep the selection in view.
  useEffect(() => {
    if (!scrollToSelection.current || !selectedId) return;
    scrollToSelection.current = false;
    const el = scrollRef.current;
    const index = rows.findIndex((r) => r.key === selectedId);
    if (!el || index < 0) return;
    const top = layout.tops[index];
    const bottom = top + Math.min(layout.heights[index], el.clientHeight);
    if (top < el.scrollTop) virtualizer.scrollToOffset(top);
    else if (bottom > el.scrollTop + el.clientHeight) virtualizer.scrollToOffset(bottom - el.clientHeight);
  }, [selectedId, rows, layout, virtualizer]);

  const onRowClick = useCallback((id: string) => {
    const state = useTimelineStore.getState();
    if (state.pickingFor) state.pick(id);
    else state.select(state.selectedId === id ? null : id);
  }, []);
  const onRestore = useCallback((record: CheckpointRecordT) => {
    const agent = agentOf(record);
    useRestoreStore.getState().openRestore({
      checkpointId: record.checkpointId,
      name: checkpointName(record.checkpointId, record),
      isUndo: record.origin === 'before-restore',
      ...(agent ? { agent } : {}),
    });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement) !== event.currentTarget) return;
    const state = useTimelineStore.getState();
    if (event.key === 'Escape' && state.pickingFor) {
      state.cancelPicking();
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = stepCheckpoint(rows, state.selectedId, step);
    if (index < 0) return;
    scrollToSelection.current = true;
    state.select(rows[index].key);
  };

  const pickingRecord = pickingFor ? items.find((r) => r.checkpointId === pickingFor) : undefined;
  const renderRow = (row: TimelineRow) => {
    if (row.type === 'day') return <div className="tl-day">{row.label}</div>;
    if (row.type === 'status') return <StatusRow loader={loader} />;
    if (row.type === 'group') return <AgentGroupRow row={row} />;
    if (row.type === 'todo') return <AgentTodoRow row={row} />;
    return (
      <CheckpointRow
        record={row.record}
        selected={row.key === selectedId}
        picking={!!pickingFor && row.key !== pickingFor}
        now={now}
        onClick={onRowClick}
        onRestore={onRestore}
      />
    );
  };

  return (
    <>
      {pickingFor && (
        <div className="tl-picking" role="status" data-testid="timeline-picking">
          <span>{t.pickToCompare(checkpointName(pickingFor, pickingRecord))}</span>
          <button className="link" onClick={() => useTimelineStore.getState().cancelPicking()}>
            {t.cancel}
          </button>
        </div>
      )}
      <div
        className="tl-scroll"
        ref={scrollRef}
        tabIndex={0}
        role="listbox"
        aria-label={t.listAria}
        data-testid="timeline-list"
        data-loaded={items.length}
        data-total={total}
        onKeyDown={onKeyDown}
      >
        <div className="tl-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map(({ index, key, start, size }) => (
            <div
              key={key}
              className={`tl-slot tl-slot-${rows[index].type}`}
              style={{ top: start, height: size }}
            >
              {renderRow(rows[index])}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
