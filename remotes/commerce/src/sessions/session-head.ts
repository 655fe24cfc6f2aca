import type { PageHead } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { useGetProductSessionQuery } from './sessions-api';
import { t } from '../strings';

/**
 * `/products/:productId/:productSessionId`'s head (issue 9): «<session> — <course>» and the
 * session's description and image. The page is behind sign-in, so the browser renders it and only
 * the tab's title shows this; from the page's own query (same argument), so it adds no request.
 * @returns the head, or null while the session loads or when it cannot be read
 */
export function useSessionHead(): PageHead | null {
  const session = useGetProductSessionQuery(useIdParam('productSessionId')).data?.data;
  if (!session) return null;
  return { title: t.sessionTitle(session.title, session.product_title), description: session.description, image: session.image };
}
