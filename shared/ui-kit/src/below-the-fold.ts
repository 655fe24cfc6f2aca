/**
 * `sx` for a large block that starts below the first screen on a phone (the home page's lists):
 * the browser lays it out and paints it only when it comes near the viewport
 * (`content-visibility: auto`). On the home page the first layout was about 100 ms of a phone's
 * main thread, most of it for what was not on screen (issue 9). The block stays in the
 * accessibility tree and in find-in-page.
 * @param height the block's usual height per breakpoint (`'2050px'`, or `{ xs: …, md: … }`), held
 * until it is first laid out: close to the real one, so that what follows does not move when it is
 * (checkers measuring the footer's links saw them move)
 */
export function belowTheFold(height: string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>) {
  const placeholder = typeof height === 'string' ? `auto ${height}` : Object.fromEntries(Object.entries(height).map(([key, value]) => [key, `auto ${value}`]));
  return { contentVisibility: 'auto', containIntrinsicSize: placeholder } as const;
}
