import type { Tree } from './deepMerge';

/** `{ 'a.b': 'x' }` → `{ a: { b: 'x' } }`, the shape i18next reads with its `.` separator. */
export const nestKeys = (flat: Record<string, string>): Tree => {
  const tree: Tree = {};
  for (const [key, text] of Object.entries(flat)) {
    const path = key.split('.');
    let node = tree;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = typeof next === 'object' ? next : (node[segment] = {});
    }
    node[path.at(-1) ?? key] = text;
  }
  return tree;
};
