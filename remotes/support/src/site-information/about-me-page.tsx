import { SiteTextPage } from './site-text-page';
import { t } from '../strings';

/** `/about-me` (SPEC §2, signed-in gate): the site owner's about-me text. */
export default function AboutMePage() {
  return <SiteTextPage title={t.aboutMe} field="about_me" />;
}
