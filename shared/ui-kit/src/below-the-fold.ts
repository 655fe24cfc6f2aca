/**
 * `sx` for a large block that starts below the first screen on a phone (the home page's lists, the
 * footer): the browser lays it out and paints it only when it comes near the viewport
 * (`content-visibility: auto`), keeping the size it last had for the scrollbar. On the home page
 * the first layout was about 100 ms of a phone's main thread, most of it for what was not on
 * screen (issue 9). The block stays in the accessibility tree and in find-in-page.
 */
export const BELOW_THE_FOLD = {
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 600px',
} as const;
