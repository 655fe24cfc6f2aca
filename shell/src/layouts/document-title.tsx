import { useEffect } from 'react';
import { useSiteName } from './use-site-name';

/** Keeps the tab's title on the site's name from the site information (issue 8). Renders nothing. */
export function DocumentTitle() {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = siteName;
  }, [siteName]);
  return null;
}
