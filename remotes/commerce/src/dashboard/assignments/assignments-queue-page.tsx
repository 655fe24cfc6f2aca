import type { DashboardAssignmentSubmission } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, EmailAddress, FilterSelect, ListToolbar, PageHeader, filterOf } from '@shop/dashboard-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Button, Box, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { ASSIGNMENT_PATHS } from './assignment-paths';
import { assignmentDashboardStrings as s } from './assignment-dashboard-strings';
import { useGetAssignmentCoursesQuery, useGetAssignmentQueueQuery } from './assignments-admin-api';

const q = s.queue;
const PER_PAGE = 20;
const COLUMNS = ['user', 'session', 'number', 'created_at', 'status', 'score', 'action'] as const;
type Column = (typeof COLUMNS)[number];

/** One cell of a submission's row. */
function cellOf(row: DashboardAssignmentSubmission, column: Column) {
  switch (column) {
    case 'user':
      return (
        <Stack>
          <Typography>{row.user_name}</Typography>
          <EmailAddress email={row.user_email} />
        </Stack>
      );
    case 'session':
      return (
        <Stack>
          <Typography>{row.session_title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.product_title}
          </Typography>
        </Stack>
      );
    case 'number':
      return q.number(formatNumber(row.number));
    case 'created_at':
      return formatJalaliDate(row.created_at, { withTime: true });
    case 'status':
      return <Chip size="small" color={row.status === 'submitted' ? 'warning' : row.passed ? 'success' : 'default'} label={s.status[row.status]} />;
    case 'score':
      return row.score === null ? '—' : formatNumber(row.score);
    case 'action':
      return (
        <Button component={Link} to={ASSIGNMENT_PATHS.grading(row.id)} size="small" variant={row.status === 'submitted' ? 'contained' : 'outlined'}>
          {q.grade}
        </Button>
      );
  }
}

/**
 * `/dashboard/assignments` (manage-product-sessions; issue 37 item 3): the queue of assignment
 * submissions, ungraded first (oldest waiting first), filtered by course and status in the URL
 * (`?product_id=&status=&page=`), each row leading to its grading page.
 */
export default function AssignmentsQueuePage() {
  const [params, update] = useUrlParams();
  const courses = useGetAssignmentCoursesQuery().data?.data ?? [];
  const courseOptions = Object.fromEntries(courses.map((course) => [String(course.id), course.title]));
  const productId = filterOf(params.get('product_id'), courseOptions);
  const status = filterOf(params.get('status'), s.status);
  const { data, isLoading, isFetching, isError } = useGetAssignmentQueueQuery({ page: pageOf(params), per_page: PER_PAGE, product_id: productId ? Number(productId) : null, status });
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={q.title} intro={q.intro} />
      <ListToolbar total={data?.meta.total}>
        <FilterSelect label={q.course} value={productId} options={courseOptions} onChange={(next) => update({ product_id: next, page: null })} />
        <FilterSelect label={q.statusLabel} value={status} options={s.status} onChange={(next) => update({ status: next, page: null })} />
      </ListToolbar>
      {isError && <Typography color="error">{q.failedToLoad}</Typography>}
      <DataTable label={q.title} columns={COLUMNS} labels={q.columns} rows={data?.data} rowKey={(row) => row.id} cell={cellOf} isLoading={isLoading} isFetching={isFetching} empty={q.empty} minWidth={820} />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
