import { useEffect, useRef } from 'react';
import { LiveService, onLiveResumed, useService, type Command, type Page, type PagedQuery } from '@tianlu/sdk';

/** New commands arriving live reload the first page once, after this pause, ms. */
export const LIVE_RELOAD_MS = 800;

/**
 * Keeps 指令记录's page current from the live channel: a listed command changes status in place
 * (statuses only move forward: a late 已发送 never overwrites 成功), new ones bring one reload of the
 * first page, and so does every (re)connection of the channel (what changed meanwhile was pushed to nobody).
 */
export function useCommandLive<F>(list: PagedQuery<F, Page<Command>>): void {
  const live = useService(LiveService);
  const latest = useRef(list);
  latest.current = list;
  useEffect(() => {
    let reload: ReturnType<typeof setTimeout> | undefined;
    live.connect();
    const sub = live.on('command', ({ command }) => {
      const { rows, update, pagination } = latest.current;
      if (rows.some((r) => r.id === command.id)) {
        update((now) => now.map((r) => (r.id === command.id && (command.status >= r.status || r.status === 1) ? command : r)));
        return;
      }
      if (pagination.current !== 1 || reload) return;
      reload = setTimeout(() => {
        reload = undefined;
        void latest.current.load();
      }, LIVE_RELOAD_MS);
    });
    const resumed = onLiveResumed(live, () => void latest.current.load());
    return () => {
      sub.dispose();
      resumed.dispose();
      live.disconnect();
      clearTimeout(reload);
    };
  }, [live]);
}
