/**
 * JSON that is also safe inside an inline `<script>` (the preview): no `<` can close the element,
 * and the two line separators JSON allows but older parsers do not are escaped.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
