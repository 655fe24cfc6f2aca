import type { BoughtProduct, SessionLeft } from '@shop/contracts';
import { selectBoughtProducts, useAppSelector } from '@shop/api-client';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Box, Button, Icon, Link as MuiLink, Paper, Stack, Typography } from '@shop/ui-kit';
import { Avatar, Chip, LinearProgress, List, ListItem } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { OrdersList } from './orders-list';
import { useGetMyCertificatesQuery } from './profile-api';
import { t } from '../strings';

/**
 * The user's certificates (issue 24), newest first, each a link to its public page with the date
 * it was issued; a revoked one (the course refunded) is marked so. Nothing while there is none.
 */
function CertificatesList() {
  const certificates = useGetMyCertificatesQuery(undefined, { refetchOnMountOrArgChange: true }).data?.data ?? [];
  if (certificates.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={t.certificates} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t.certificates}
      </Typography>
      <List>
        {certificates.map((certificate) => (
          <ListItem key={certificate.code} sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Icon name="School" color={certificate.revoked_at ? 'disabled' : 'primary'} />
            <MuiLink component={Link} to={`/certificates/${certificate.code}`} underline="hover">
              {t.certificateOf(certificate.product_title)}
            </MuiLink>
            <Typography variant="body2" color="text.secondary">
              {t.certificateIssuedAt} <time dateTime={certificate.issued_at}>{formatJalaliDate(certificate.issued_at)}</time>
            </Typography>
            {certificate.revoked_at && <Chip size="small" color="error" variant="outlined" label={t.certificateRevoked} />}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** «۲ جلسه و ۱ آزمون مانده», «۱ جلسه مانده» or «۱ آزمون مانده» for the sessions left of a course. */
function leftText(left: SessionLeft[]): string {
  const quizzes = left.filter((session) => session.kind === 'quiz').length;
  const lessons = left.length - quizzes;
  if (quizzes === 0) return t.courseLeft.lessons(toPersianDigits(lessons));
  if (lessons === 0) return t.courseLeft.quizzes(toPersianDigits(quizzes));
  return t.courseLeft.lessonsAndQuizzes(toPersianDigits(lessons), toPersianDigits(quizzes));
}

/**
 * One line of what is left before a bought course's certificate (issue 37 item 4): the lessons
 * and quizzes not done (a quiz: not passed), a link to the first of them; «همه انجام شده» once
 * none is; nothing for a course without sessions (or an answer from a server without `left`).
 */
function CourseLeftLine({ product }: { product: BoughtProduct }) {
  const { progress } = product;
  // An answer from a server older than issue 37 item 4 has no `left`: say only what it can tell.
  if (progress.total === 0 || (!progress.left && progress.resume_session_id !== null)) return null;
  const left = progress.left ?? [];
  if (left.length === 0) {
    return (
      <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
        {t.courseLeft.none}
      </Typography>
    );
  }
  const text = leftText(left);
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      <MuiLink component={Link} to={`/products/${product.id}/${left[0]!.session_id}`} aria-label={t.courseLeft.of(text, product.title)} underline="hover">
        {text}
      </MuiLink>
    </Typography>
  );
}

/**
 * The profile's `#buyed-products` tab (SPEC §2/§3, issue 6): the courses the user owns, from the
 * store's `buyedProducts` (refreshed after a purchase or a progress change), each with its image,
 * a link to the course, the Jalali date it was bought, the progress «۳ از ۸ جلسه» with a bar, what
 * is left before the certificate ({@link CourseLeftLine}) and «ادامه یادگیری», which opens the first
 * session not done at the place they stopped, and below
 * them the user's certificates (issue 24) and orders with their receipts (issue 25).
 */
export function BoughtProductsTab() {
  const products = useAppSelector(selectBoughtProducts);
  if (products.length === 0) {
    return (
      <>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="School" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography>{t.noBoughtProducts}</Typography>
          <Button component={Link} to="/products" variant="outlined">
            {t.browseProducts}
          </Button>
        </Stack>
      </Paper>
      <CertificatesList />
      <OrdersList />
      </>
    );
  }
  return (
    <>
    <Paper variant="outlined">
      <List disablePadding aria-label={t.tabs.boughtProducts}>
        {products.map((product, index) => {
          const { done, total } = product.progress;
          const progress = t.courseProgress(toPersianDigits(done), toPersianDigits(total));
          return (
            <ListItem key={product.id} divider={index < products.length - 1} sx={{ gap: 2, py: 1.5, alignItems: 'flex-start' }}>
              <Avatar variant="rounded" src={product.image ?? undefined} alt="" sx={{ width: 96, height: 60 }}>
                <Icon name="School" />
              </Avatar>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <MuiLink component={Link} to={`/products/${product.id}`} underline="hover" sx={{ fontWeight: 700 }}>
                  {product.title}
                </MuiLink>
                <Typography variant="body2" color="text.secondary">
                  {t.boughtAt} <time dateTime={product.bought_at}>{formatJalaliDate(product.bought_at)}</time>
                </Typography>
                <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', mt: 1 }}>
                  <LinearProgress
                    variant="determinate"
                    value={total > 0 ? Math.round((done / total) * 100) : 0}
                    aria-label={t.courseProgressOf(product.title)}
                    aria-valuetext={progress}
                    sx={{ flexGrow: 1, maxWidth: 240, height: 8, borderRadius: 4 }}
                  />
                  <Typography variant="body2" sx={{ flexShrink: 0 }}>
                    {progress}
                  </Typography>
                </Stack>
                <CourseLeftLine product={product} />
                {product.progress.resume_session_id !== null && (
                  <Button
                    component={Link}
                    to={`/products/${product.id}/${product.progress.resume_session_id}`}
                    aria-label={t.continueLearningOf(product.title)}
                    variant="outlined"
                    size="small"
                    startIcon={<Icon name="PlayArrow" />}
                    sx={{ mt: 1 }}
                  >
                    {t.continueLearning}
                  </Button>
                )}
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Paper>
    <CertificatesList />
    <OrdersList />
    </>
  );
}
