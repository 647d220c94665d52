import { useEffect, useState } from 'react';
import { reaction, untracked } from 'mobx';
import { useService } from '../../sdk/react/use-service';
import { AlarmService, type AlarmDeskEntry } from '../../sdk/services/alarm-service';

/** In an alarm storm the desk is drawn at most this often; AlarmService takes every alarm at once. */
export const DESK_DRAW_MS = 250;

/** What the header button and the column draw of the desk. */
export interface DrawnDesk {
  open: boolean;
  desk: readonly AlarmDeskEntry[];
  handling: readonly AlarmDeskEntry[];
  overflow: number;
}

/** Whether two drawings show the same (the service's lists stay the same arrays while unchanged). */
function sameDrawing(a: DrawnDesk, b: DrawnDesk): boolean {
  return a.open === b.open && a.desk === b.desk && a.handling === b.handling && a.overflow === b.overflow;
}

/**
 * A scheduler that runs at once when the last run is at least `ms` old, else when it will be: the
 * first change after a quiet spell is drawn at once, a storm of them a few times a second.
 */
export function throttle(ms: number, now: () => number = () => performance.now()): (run: () => void) => void {
  let last = -Infinity;
  return (run) => {
    const go = () => {
      last = now();
      run();
    };
    const wait = last + ms - now();
    if (wait <= 0) go();
    else setTimeout(go, wait);
  };
}

/**
 * The desk as it is drawn: arrivals at most every DESK_DRAW_MS (a storm of 1,000 alarms a minute
 * does not lay out and paint the column 17 times a second); the column opening or closing and what
 * the user does to an entry (处理, its form closed or submitted) at once, with every arrival so far.
 */
export function useDrawnDesk(): DrawnDesk {
  const alarms = useService(AlarmService);
  // read outside the component's own tracking: only the reactions below redraw it
  const take = (): DrawnDesk => untracked(() => ({ open: alarms.deskOpen, desk: alarms.desk, handling: alarms.handling, overflow: alarms.overflow }));
  const [drawn, setDrawn] = useState(take);
  useEffect(() => {
    const draw = () => {
      const now = take();
      setDrawn((before) => (sameDrawing(before, now) ? before : now));
    };
    const arrivals = reaction(() => [alarms.desk, alarms.overflow], draw, { scheduler: throttle(DESK_DRAW_MS) });
    const handling = reaction(() => [alarms.deskOpen, alarms.handling], draw);
    draw(); // what changed between the first render and now
    return () => {
      arrivals();
      handling();
    };
  }, [alarms]);
  return drawn;
}
