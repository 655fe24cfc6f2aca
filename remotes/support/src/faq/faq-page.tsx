import type { LinkType } from '@shop/contracts';
import { EmptyState } from '@shop/content-ui';
import { Box, Container, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { List, Tab, Tabs } from '@shop/ui-kit/lazy';
import { useSearchParams } from '@shop/router';
import { useGetLinksQuery } from '../links/links-api';
import { FaqQuestion } from './faq-question';
import { t } from '../strings';

/** The FAQ tabs of SPEC §2, each the links of one type; the first is the default. */
const TABS = [
  { key: 'about-products', label: t.faqTabAboutProducts, type: 'product-related-question' },
  { key: 'other', label: t.faqTabOther, type: 'question' },
] as const satisfies ReadonlyArray<{ key: string; label: string; type: LinkType }>;

type TabKey = (typeof TABS)[number]['key'];

function Questions({ type }: { type: LinkType }) {
  const { data, isLoading } = useGetLinksQuery(type);
  if (isLoading || !data) {
    return (
      <Stack spacing={1} useFlexGap sx={{ p: 2 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="text" height={40} />
        ))}
      </Stack>
    );
  }
  if (data.data.length === 0) return <EmptyState text={t.noQuestions} />;
  return (
    <List disablePadding>
      {data.data.map((question, index) => (
        <FaqQuestion key={question.id} question={question} divider={index < data.data.length - 1} />
      ))}
    </List>
  );
}

/** `/frequently-asked-questions` (SPEC §2): the about-products and other questions as tabs (`?tab=other` in the URL). */
export default function FaqPage() {
  const [params, setParams] = useSearchParams();
  const current: TabKey = params.get('tab') === 'other' ? 'other' : 'about-products';
  const tab = TABS.find((candidate) => candidate.key === current)!;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.faq}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.faqIntro}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_, next: TabKey) => setParams(next === 'about-products' ? {} : { tab: next }, { replace: true })}
          variant="fullWidth"
          aria-label={t.faqTabs}
        >
          {TABS.map(({ key, label }) => (
            <Tab key={key} value={key} label={label} id={`faq-tab-${key}`} aria-controls={`faq-panel-${key}`} />
          ))}
        </Tabs>
      </Box>
      <Paper variant="outlined" role="tabpanel" id={`faq-panel-${current}`} aria-labelledby={`faq-tab-${current}`}>
        <Questions key={tab.type} type={tab.type} />
      </Paper>
    </Container>
  );
}
