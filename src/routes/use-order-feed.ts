import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { OrderStreamScope, OrderStreamStatus } from '../../contract/order-stream.ts';
import { feedStatus, type OrderFeedRef } from '../../machines/order-feed.machine.ts';
import { useOrderFeedLogic } from '../actors/order-feed.ts';

/** What LiveStatus says of a feed: the stream's status, whether it dropped since the page opened, the server's refusal. */
export function useLiveStatus(feed: OrderFeedRef) {
  const status = useSelector(feed, feedStatus);
  const pausedOnce = useSelector(feed, (snapshot) => snapshot.context.pausedOnce);
  const message = useSelector(feed, (snapshot) => snapshot.context.message);
  return { status, pausedOnce, message };
}

/** The feed's events as a page reads them: the most recent, and how many it has taken in all. */
export interface FeedLog {
  events: readonly OrderEvent[];
  received: number;
}

/** The page's live order events while it is open (the stream closes with the page), and its status. */
export function useOrderFeed(scope: OrderStreamScope) {
  const { orderFeed } = useOrderFeedLogic();
  const feed = useActorRef(orderFeed, { input: { scope } });
  const events = useSelector(feed, (snapshot) => snapshot.context.events);
  const received = useSelector(feed, (snapshot) => snapshot.context.received);
  return { events, received, ...useLiveStatus(feed) };
}

/**
 * Calls `handle` for each event of the feed from this component's place on: first those the feed
 * holds already, then each as it comes. A place in the count, as the reader's Last-Event-ID is a place
 * in the stream; no second copy to look for, since the reader hands over each event once.
 */
export function useEachNewEvent({ events, received }: FeedLog, handle: (event: OrderEvent) => void) {
  const place = useRef(0);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    const oldestHeld = received - events.length;
    for (let at = Math.max(place.current, oldestHeld); at < received; at++)
      latest.current(events[at - oldestHeld]!);
    place.current = received;
  }, [events, received]);
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
