export type Tree = { [key: string]: string | Tree };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A new tree with `override`'s leaves laid over `base`'s; neither input is changed. */
export const deepMerge = (base: Tree, override: Tree): Tree => {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : value;
  }
  return result;
};

/** The trees laid over each other in order: a later one's leaves win. */
export const deepMergeAll = (trees: Tree[]): Tree => trees.reduce(deepMerge, {});
