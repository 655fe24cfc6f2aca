import { createContext, useContext, useState } from 'react';
import { act, screen } from '@testing-library/react';
import { aUser, renderPage } from '@shop/test-utils';
import { engagementIslands, type EngagedItem } from './engagement-islands';

/** Stands in for the remote's query hook: the item the page's store holds, by id. */
const Items = createContext<Record<number, EngagedItem>>({});
const { Likes } = engagementIslands('post', (id) => useContext(Items)[id]);

let setItems: (items: Record<number, EngagedItem>) => void = () => undefined;

function LikesOf({ items: first, id }: { items: Record<number, EngagedItem>; id: number }) {
  const [items, set] = useState(first);
  setItems = set;
  return (
    <Items.Provider value={items}>
      <Likes id={id} />
    </Items.Provider>
  );
}

describe('engagementIslands', () => {
  it('renders the item’s like button from the store by id, and follows the item when it is fetched again', () => {
    const item: EngagedItem = { likes_count: 12, liked_by_me: false, comment_status: 'open' };
    renderPage(<LikesOf items={{ 3: item }} id={3} />, { url: '/posts/3', user: aUser({ id: 7 }) });
    expect(screen.getByRole('button', { name: 'پسندیدن، ۱۲ پسند' })).toBeTruthy();
    // The session's refetch brings the signed-in reader's own state.
    act(() => setItems({ 3: { ...item, likes_count: 13, liked_by_me: true } }));
    expect(screen.getByRole('button', { name: 'پسندیده‌اید، ۱۳ پسند' })).toBeTruthy();
  });

  it('renders nothing for an item the store does not hold', () => {
    renderPage(<LikesOf items={{}} id={4} />, { url: '/posts/4' });
    expect(screen.queryByRole('button', { name: /پسند/ })).toBeNull();
  });
});
