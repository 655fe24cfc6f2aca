import { Fragment } from 'react';
import { Box } from '@shop/ui-kit';

/** Longest piece of an address kept whole; a longer one may break anywhere, so no address widens a table past its frame. */
const WHOLE_PIECE_MAX = 16;

/**
 * The pieces of `email` a line may end after: its name cut after each «.», «-», «_» or «+», then
 * its «@» and domain as one piece («reader-17959@example.com» → «reader-», «17959», «@example.com»).
 */
function emailPieces(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  return [...(email.slice(0, at).match(/[^.\-_+]+[.\-_+]*|[.\-_+]+/g) ?? []), email.slice(at)];
}

/**
 * An email address in a right-to-left table cell (issue 32 item 8): left to right, and in a
 * narrow column broken only before its «@» or after a mark in its name ({@link emailPieces}),
 * never inside a word of the name or inside the domain; a piece longer than
 * {@link WHOLE_PIECE_MAX} characters may break anywhere.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <bdi dir="ltr">
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <Box component="span" sx={piece.length > WHOLE_PIECE_MAX ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }}>
            {piece}
          </Box>
        </Fragment>
      ))}
    </bdi>
  );
}
