import { useCallback, useMemo } from 'react';
import { useBoardStore } from '../board/boardStore';
import type { ActivityItem } from './activityItems';
import { useActivityStore } from './activityStore';
import { ActivityCard } from './ActivityCard';
import { WindowedList } from './WindowedList';
import { activityStrings } from './activityStrings';
import { useFormats, useText } from '../../i18n';
import './activity.css';

const keyOf = (item: ActivityItem) => item.key;

/**
 * The live stream of the current session, windowed: only the cards near the viewport are in the DOM. Cards a rewind
 * went back over are folded away under its card (shown greyed on demand).
 */
export function ActivityStream() {
  const t = useText(activityStrings);
  const formats = useFormats();
  const activity = useActivityStore((s) => s.activity);
  const showRewound = useActivityStore((s) => s.showRewound);
  const sessionId = activity.sessionId ?? '';
  const unseen = useBoardStore((s) => s.board.loaded && s.board.status !== 'planning');
  const items = useMemo(() => (showRewound || !activity.rewinds.length ? activity.items : activity.items.filter((i) => !i.rewound)), [activity, showRewound]);
  const render = useCallback(
    (item: ActivityItem) =>
      item.rewound ? (
        <div className="ac-rewound" data-testid="rewound-card" title={t.rewoundTitle}>
          <ActivityCard item={item} sessionId={sessionId} />
        </div>
      ) : (
        <ActivityCard item={item} sessionId={sessionId} />
      ),
    [sessionId, t.rewoundTitle],
  );
  return (
    <WindowedList
      items={items}
      keyOf={keyOf}
      render={render}
      estimate={72}
      className="activity-stream"
      testId="activity"
      header={
        activity.dropped > 0 ? (
          <div className="ac-dropped">{t.droppedCards(formats.number(activity.dropped))}</div>
        ) : null
      }
      empty={
        <div className="empty">
          {unseen ? (
            <>
              {t.loadingLogBefore} <code>.akira/sessions/{sessionId}/history.md</code>
              {t.loadingLogAfter}
            </>
          ) : (
            t.nothingYet
          )}
        </div>
      }
    />
  );
}
