import type { OutputBundle, OutputChunk } from 'rolldown';

export const chunksOf = (bundle: OutputBundle): OutputChunk[] => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk and its static imports, transitively: what has run by the time its code runs. */
export const staticClosure = (bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> => {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
};
