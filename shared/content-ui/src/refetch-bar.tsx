import { LinearProgress } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * The thin bar across the top of a list while it is asked again (a new page, filter or search),
 * named for screen readers (WCAG 4.1.2, axe `aria-progressbar-name`; issue 22 item 15). Place it
 * in a `position: relative` box: it lies over that box's top edge and takes no room.
 * @param shown whether the list is being fetched; nothing is rendered otherwise
 */
export function RefetchBar({ shown }: { shown: boolean }) {
  return shown ? <LinearProgress aria-label={t.refreshing} sx={{ position: 'absolute', top: 0, insetInline: 0 }} /> : null;
}
