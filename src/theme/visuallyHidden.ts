/**
 * Styles for text read by screen readers and not shown. Lengths are strings: in MUI's `sx`,
 * a number up to 1 is a fraction, so `width: 1` meant 100 % and the hidden text of each status
 * chip stretched a list to twice the width of a phone's screen (ROUTE-23).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
