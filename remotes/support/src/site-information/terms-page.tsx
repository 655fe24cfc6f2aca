import { SiteTextPage } from './site-text-page';
import { t } from '../strings';

/** `/terms-and-conditions` (SPEC §2): the site's terms and conditions. */
export default function TermsPage() {
  return <SiteTextPage title={t.terms} field="terms_and_conditions" />;
}
