import { Box } from '@shop/ui-kit';

/** A version, a commit, a package version on the releases page (issue 35 item 5): as the release commands print it, Latin and left to right, wherever it sits in a Persian line. */
export function VersionCode({ children, title }: { children: string; title?: string }) {
  return (
    <Box component="bdi" dir="ltr" title={title} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}
