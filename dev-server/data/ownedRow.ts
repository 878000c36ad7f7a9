import type { ApiError } from '../http/errors';
import { parseId } from '../http/query';

/**
 * ROLE-3: the row `idParam` names, if it belongs to the caller's account; otherwise the
 * collection's 404, for another account's row as for a missing one (no existence leak).
 */
export const ownedRow = <T extends { id: number; accountId: number }>(
  rows: readonly T[],
  caller: { accountId: number },
  idParam: string | undefined,
  notFound: () => ApiError,
): T => {
  const id = parseId(idParam);
  const row = id === undefined ? undefined : rows.find((candidate) => candidate.id === id);
  if (!row || row.accountId !== caller.accountId) throw notFound();
  return row;
};
