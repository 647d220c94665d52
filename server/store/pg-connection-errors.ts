import type pg from 'pg';

/**
 * Hears every connection of a pool lose its server (a PostgreSQL restart, a failover, a network
 * cut), idle or checked out, and reports each lost connection once.
 *
 * pg-pool listens for errors only on idle connections. A connection that dies while checked out
 * (in the middle of a query, a transaction, or between a query and its release) emits 'error' on
 * its Client with no listener, and an unhandled 'error' event ends the process. A listener on each
 * new connection covers that: its queries have already failed with the error (so callers answer
 * their error envelope or leave positions unacknowledged), and the pool discards it on release,
 * since it is no longer queryable, and opens a new one when next needed.
 */
export function reportLostConnections(pool: pg.Pool, onLost: (err: Error) => void): void {
  const lost = new WeakSet<pg.ClientBase>();
  const report = (client: pg.ClientBase | undefined, err: Error) => {
    if (client) {
      // a connection can fail twice: the server's termination notice, then the socket closing
      if (lost.has(client)) return;
      lost.add(client);
    }
    onLost(err);
  };
  pool.on('connect', (client) => client.on('error', (err: Error) => report(client, err)));
  pool.on('error', (err, client) => report(client, err));
}

/** A lone client (not from a pool) whose connection may drop: report it instead of ending the process. */
export function reportLostClient(client: pg.Client, onLost: (err: Error) => void): void {
  let reported = false;
  client.on('error', (err: Error) => {
    if (reported) return;
    reported = true;
    onLost(err);
  });
}
