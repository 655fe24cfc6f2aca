import { useSiteInformation } from '@shop/api-client';
import { t } from '../strings';

/**
 * The site's name from the site information (SPEC §1; issue 8), or the built-in name while it
 * loads, when it cannot be read or when it is empty.
 */
export function useSiteName(): string {
  return useSiteInformation()?.site_name.trim() || t.siteName;
}
