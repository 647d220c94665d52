import { reaction } from 'mobx';
import type { LiveService } from './services/live-service';
import type { Disposable } from './services/message-bus';

/**
 * Calls `listener` each time the live channel goes live: its first connection and every
 * reconnection. The server pushes a message only to the sockets connected when it happens and
 * does not replay what a connecting or reconnecting socket missed, so whatever a page keeps
 * current from pushes (a command's result, a list's rows) is read again from the API here.
 */
export function onLiveResumed(live: LiveService, listener: () => void): Disposable {
  const stop = reaction(
    () => live.status === 'live',
    (isLive) => {
      if (isLive) listener();
    },
  );
  return { dispose: stop };
}
