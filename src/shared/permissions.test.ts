import { describe, expect, it } from 'vitest';
import { canAccessResource } from './permissions';

describe('canAccessResource', () => {
  it('[ROLE-1] the audit-log resource follows audit.read: refused to ROLE_CLIENT, open to ROLE_USER and ROLE_DEMO', () => {
    expect(canAccessResource(['ROLE_CLIENT'], 'audit-log', 'list')).toBe(false);
    expect(canAccessResource(['ROLE_USER'], 'audit-log', 'list')).toBe(true);
    expect(canAccessResource(['ROLE_DEMO'], 'audit-log', 'list')).toBe(true);
    expect(canAccessResource(['ROLE_USER'], 'audit-log', 'delete')).toBe(false);
  });
});
