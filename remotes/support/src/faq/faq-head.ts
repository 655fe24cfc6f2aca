import type { PageHead } from '@shop/contracts';
import { t } from '../strings';

/** `/frequently-asked-questions`'s head (issue 9): its title and intro. */
export function useFaqHead(): PageHead {
  return { title: t.faq, description: t.faqIntro };
}
