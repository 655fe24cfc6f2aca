import type { PageHead } from '@shop/contracts';
import { useSiteInformation } from '@shop/api-client';
import { t } from '../strings';

/**
 * `/terms-and-conditions`'s head (issue 9): its title, and its text for the description; from the
 * site information the page shows (one cached query), so it adds no request.
 */
export function useTermsHead(): PageHead {
  return { title: t.terms, description: useSiteInformation()?.terms_and_conditions };
}

/** `/about-me`'s head (issue 9): its title, and the about-me text for the description. */
export function useAboutMeHead(): PageHead {
  return { title: t.aboutMe, description: useSiteInformation()?.about_me };
}
