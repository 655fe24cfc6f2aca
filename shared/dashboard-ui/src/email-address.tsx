import { Box } from '@shop/ui-kit';

/** Widest an address's name (before «@») is drawn: about fourteen Latin letters. */
const NAME_MAX_WIDTH = '14ch';

/**
 * An email address in a right-to-left table cell (issue 32 item 8): left to right, and in a
 * narrow column broken only before its «@», never inside the name or the domain. A name longer
 * than `NAME_MAX_WIDTH` is cut short with «…» (the whole address is the cell's tooltip and is what
 * a screen reader and a copy read), so one long address never pushes the table past the page.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return (
    <bdi dir="ltr" title={email}>
      <Box component="span" sx={{ whiteSpace: 'nowrap', display: 'inline-block', maxWidth: NAME_MAX_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}>
        {name}
      </Box>
      {domain && (
        <>
          <wbr />
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {domain}
          </Box>
        </>
      )}
    </bdi>
  );
}
