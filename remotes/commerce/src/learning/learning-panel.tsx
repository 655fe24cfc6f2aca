import { useId, type ReactNode } from 'react';
import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';

/**
 * The area of a quiz or an assignment session in place of a lesson's player (issue 37): a
 * `<section>` named by its `title` (an h2), the Persian `failedText` when its data did not load,
 * a busy skeleton named `loadingText` until `loaded`, then `children`.
 */
export function LearningPanel({ title, isError, failedText, loaded, loadingText, children }: {
  title: string;
  isError: boolean;
  failedText: string;
  loaded: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}>
      <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {isError ? (
        <Alert severity="error">{failedText}</Alert>
      ) : !loaded ? (
        <Stack spacing={1} aria-busy="true" aria-label={loadingText}>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A quiz's or an assignment's rules, one Persian line each, as a list (issue 37). */
export function RulesList({ lines }: { lines: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, ps: 3, display: 'grid', gap: 0.5 }}>
      {lines.map((line) => (
        <Typography component="li" key={line}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}
