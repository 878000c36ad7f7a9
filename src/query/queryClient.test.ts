import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

describe('createQueryClient', () => {
  it('[ST-7] keeps query data 5 minutes; [API-1] queries are not retried', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(false);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
  });
});
