import { useSiteInformation } from '@shop/api-client';

/**
 * Whether the site sells courses now (SPEC §1 "selling products" switch). True until the site
 * information has loaded or when it fails to load: the server refuses a purchase anyway (403).
 */
export function useSellingEnabled(): boolean {
  return useSiteInformation()?.selling_enabled ?? true;
}
