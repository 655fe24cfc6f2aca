import { Box, Skeleton } from '@shop/ui-kit';

/** What an edit page shows while its item loads: a heading line and the form's card. */
export function FormSkeleton() {
  return (
    <Box sx={{ py: 3, maxWidth: 880 }}>
      <Skeleton variant="text" height={56} />
      <Skeleton variant="rounded" height={420} />
    </Box>
  );
}
