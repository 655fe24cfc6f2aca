import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Box, Container, Typography } from '@shop/ui-kit';
import { Tab, Tabs } from '@shop/ui-kit/lazy';
import { useLocation, useNavigate } from '@shop/router';
import { tabOfHash, visibleProfileTabs } from './profile-tabs';
import { ProfileDetailsTab } from './profile-details-tab';
import { FavoritesTab } from './favorites-tab';
import { BoughtProductsTab } from './bought-products-tab';
import { TicketsTab } from './tickets-tab';
import { WalletTab } from './wallet-tab';
import { InstalmentsTab } from './instalments-tab';
import { AgentTab } from './agent-tab';
import { useIsSalesAgent } from './agent-api';
import { t } from '../strings';

const tabId = (hash: string) => `profile-tab-${hash.slice(1)}`;
const panelId = (hash: string) => `profile-panel-${hash.slice(1)}`;

/**
 * `/profile` (SPEC §2, signed-in gate): the user's details, favourite posts and podcasts,
 * bought products, their contact-us tickets (`#tickets`, issue 32 item 3), their wallet
 * (`#wallet`, issue 36 item 3), their courses bought in parts (`#instalments`, issue 36 item 2)
 * and, for a sales agent, their sales (`#agent`, issue 36 item 4) as tabs that follow and set the
 * URL hash (`#home` when there is none, or when it names a tab the user does not have).
 */
export default function ProfilePage() {
  const user = useAppSelector(selectCurrentUser);
  const { hash } = useLocation();
  const navigate = useNavigate();
  // While the profile asks whether the user is a sales agent, a link to `#agent` keeps its tab.
  const withAgentTab = useIsSalesAgent() ?? hash === '#agent';
  const tabs = visibleProfileTabs(withAgentTab);
  const current = tabOfHash(hash, withAgentTab);
  // The route is behind the signed-in gate; the check keeps a logout mid-page from crashing.
  if (!user) return null;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t.profile}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={(_, next: string) => navigate({ hash: next }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t.profileTabs}
        >
          {tabs.map((tab) => (
            <Tab key={tab.hash} value={tab.hash} label={tab.label} id={tabId(tab.hash)} aria-controls={panelId(tab.hash)} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
        {current === '#home' && <ProfileDetailsTab user={user} />}
        {current === '#favorites-posts' && <FavoritesTab kind="posts" />}
        {current === '#favorites-podcasts' && <FavoritesTab kind="podcasts" />}
        {current === '#buyed-products' && <BoughtProductsTab />}
        {current === '#tickets' && <TicketsTab />}
        {current === '#wallet' && <WalletTab />}
        {current === '#instalments' && <InstalmentsTab />}
        {current === '#agent' && <AgentTab />}
      </Box>
    </Container>
  );
}
