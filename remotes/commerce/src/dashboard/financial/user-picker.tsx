import { useState } from 'react';
import { selectCurrentUser, skipToken, useAppSelector } from '@shop/api-client';
import { hasPermission } from '@shop/contracts';
import { DebouncedSearchBox } from '@shop/content-ui';
import { FormNumberField, FormSelectField } from '@shop/forms';
import { Stack } from '@shop/ui-kit';
import { useSearchUsersQuery } from './financial-api';
import { t } from '../../strings';

/** Shortest user search the API is asked for. */
const MIN_SEARCH = 2;

/**
 * A user picked inside a formik form, into the field `name` (`user_id` by default) as the id's text:
 * with show-users, a search (`GET /api/dashboard/users?q=`) and a select of the matches; without it,
 * the user's numeric id (Persian digits allowed). Used by the manual-order form and the wallets page
 * (issue 36 item 3).
 */
export function UserPicker({ name = 'user_id' }: { name?: string }) {
  const canSearch = hasPermission(useAppSelector(selectCurrentUser), 'show-users');
  const [q, setQ] = useState('');
  const { data } = useSearchUsersQuery(canSearch && q.length >= MIN_SEARCH ? q : skipToken);
  if (!canSearch) return <FormNumberField name={name} label={t.financial.userId} help={t.financial.userIdHelp} />;
  const options = (data?.data ?? []).map((user) => ({ value: String(user.id), label: `${user.full_name} — ${user.email}` }));
  return (
    <Stack spacing={2} useFlexGap>
      <DebouncedSearchBox value={q} onSearch={(next) => setQ(next.trim())} label={t.financial.userSearch} />
      <FormSelectField name={name} label={t.financial.user} options={options} help={data && options.length === 0 ? t.financial.noUserFound : undefined} />
    </Stack>
  );
}
