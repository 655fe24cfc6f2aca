import { useEffect } from 'react';

/** Name of the channel the site's tabs tell each other about orders on (same origin only). */
const CHANNEL = 'shop-orders';

/** What one tab tells the others: this order's payment state may have changed. */
interface OrderChanged {
  orderId: number;
}

const channelOf = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/**
 * Tells the site's other tabs that order `orderId` changed (issue 22 item 9): the gateway tab,
 * back from the gateway on the cart page, tells the tab that opened it, which asks the order
 * again at once instead of at its next poll. Does nothing where BroadcastChannel is missing.
 */
export function announceOrderChanged(orderId: number): void {
  const channel = channelOf();
  if (!channel) return;
  channel.postMessage({ orderId } satisfies OrderChanged);
  channel.close();
}

/** Calls `onChange` whenever another tab announces a change of order `orderId`; while `enabled`. */
export function useOrderChanged(orderId: number, enabled: boolean, onChange: () => void): void {
  useEffect(() => {
    const channel = enabled ? channelOf() : null;
    if (!channel) return undefined;
    channel.onmessage = (event: MessageEvent<OrderChanged>) => {
      if (event.data?.orderId === orderId) onChange();
    };
    return () => channel.close();
  }, [orderId, enabled, onChange]);
}
