import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { OrderStreamScope, OrderStreamStatus } from '../../contract/order-stream.ts';
import { feedStatus } from '../../machines/order-feed.machine.ts';
import { useOrderFeedLogic } from '../actors/order-feed.ts';

/**
 * The page's live order events while it is open (the stream closes with the page), the stream's
 * status, whether it has dropped since the page opened (to say when it is back), and the server's
 * message while it refuses the stream.
 */
export function useOrderFeed(scope: OrderStreamScope) {
  const { orderFeed } = useOrderFeedLogic();
  const feed = useActorRef(orderFeed, { input: { scope } });
  const events = useSelector(feed, (snapshot) => snapshot.context.events);
  const status = useSelector(feed, feedStatus);
  const message = useSelector(feed, (snapshot) => snapshot.context.message);
  const [pausedOnce, setPausedOnce] = useState(false);
  useEffect(() => {
    if (status === 'reconnecting' || status === 'waiting') setPausedOnce(true);
  }, [status]);
  return { events, status, pausedOnce, message };
}

/** Calls `handle` once for each event it has not been given before (the feed's list only grows). */
export function useEachNewEvent(events: readonly OrderEvent[], handle: (event: OrderEvent) => void) {
  const handled = useRef(new Set<number>());
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    for (const event of events) {
      if (handled.current.has(event.id)) continue;
      handled.current.add(event.id);
      latest.current(event);
    }
  }, [events]);
}

/**
 * Calls `refresh` each time the stream goes live, as soon as the list can take it. A new stream starts
 * at the newest event, so an order that changed between the list's read and the stream's start would
 * otherwise look as it was until its next event.
 */
export function useRefreshWhenLive(status: OrderStreamStatus, canRefresh: boolean, refresh: () => void) {
  const [owed, setOwed] = useState(false);
  useEffect(() => {
    if (status === 'live') setOwed(true);
  }, [status]);
  useEffect(() => {
    if (!owed || !canRefresh) return;
    setOwed(false);
    refresh();
  }, [owed, canRefresh, refresh]);
}
