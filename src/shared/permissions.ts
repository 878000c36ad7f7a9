/**
 * ROLE-1 / ROLE-3: the one permission matrix, as data. The dev API's guards
 * (dev-server/guards/permissions.ts) and the app's `authProvider.canAccess` both read it, and
 * dev-server/test/permissionMatrix.test.ts walks every endpoint against it. Browser-safe: no
 * Node or react imports.
 *
 * Scope: `own` = the caller's home account; `other` = another account the caller acts on
 * (ROLE_ADMIN: any account; ROLE_AGENCY: its client accounts, whose parent is the agency).
 * Which accounts those are is a relation, checked by the API (`canActOnAccount`); the matrix
 * says what may be done there.
 */

export const ROLES = [
  'ROLE_USER',
  'ROLE_DEMO',
  'ROLE_UNIVERSAL_CONSENT_SOLUTIONS',
  'ROLE_CLIENT',
  'ROLE_AGENCY',
  'ROLE_ADMIN',
  'ROLE_USER_REGISTRARTION',
] as const;

export type Role = (typeof ROLES)[number];
export type Scope = 'own' | 'other';

const PERMISSION_DENIED = 'error.backend.permission_denied';

/**
 * Every operation: whether it writes (ROLE_DEMO is read-only: every write answers
 * `error.backend.permission_denied`) and the messageKey of its 403 for the other roles.
 * The `not_allowed_*` keys are the not-allowed cases of spec section 6; operations whose 403
 * key the contract already fixed (docs/api.md) keep `permission_denied`.
 */
export const OPERATIONS = {
  'account.read': { write: false, deniedKey: PERMISSION_DENIED },
  'account.edit': { write: true, deniedKey: PERMISSION_DENIED },
  'account.switch': { write: false, deniedKey: 'error.backend.not_allowed_switch_account' },
  'accounts.list': { write: false, deniedKey: PERMISSION_DENIED },
  'accounts.create': { write: true, deniedKey: 'error.backend.not_allowed_create_account' },
  'accounts.delete': { write: true, deniedKey: 'error.backend.not_allowed_delete_account' },
  'subscription.read': { write: false, deniedKey: PERMISSION_DENIED },
  'subscription.manage': { write: true, deniedKey: PERMISSION_DENIED },
  'subscription.changeStatus': { write: true, deniedKey: 'error.backend.not_allowed_change_status' },
  'pricing.read': { write: false, deniedKey: PERMISSION_DENIED },
  'consentSolutions.read': { write: false, deniedKey: PERMISSION_DENIED },
  'consentSolutions.write': { write: true, deniedKey: PERMISSION_DENIED },
  'consentSolutions.sharedConsent': { write: true, deniedKey: PERMISSION_DENIED },
  'domains.read': { write: false, deniedKey: PERMISSION_DENIED },
  'domains.write': { write: true, deniedKey: PERMISSION_DENIED },
  'domains.delete': { write: true, deniedKey: 'error.backend.not_allowed_delete_website' },
  'teammates.read': { write: false, deniedKey: 'error.backend.not_allowed_read_users' },
  'teammates.invite': { write: true, deniedKey: 'error.backend.not_allowed_invite_teammate' },
  'teammates.delete': { write: true, deniedKey: 'error.backend.not_allowed_delete_user' },
  'audit.read': { write: false, deniedKey: 'error.backend.not_allowed_read_audit' },
  'global.write': { write: true, deniedKey: 'error.backend.not_allowed_edit_global' },
  'global.remove': { write: true, deniedKey: 'error.backend.not_allowed_remove_global' },
  'invoices.read': { write: false, deniedKey: 'error.backend.not_allowed_read_invoices' },
  'reports.read': { write: false, deniedKey: 'error.backend.not_allowed_read_reports' },
  'users.register': { write: true, deniedKey: PERMISSION_DENIED },
} as const satisfies Record<string, { write: boolean; deniedKey: string }>;

export type Operation = keyof typeof OPERATIONS;

type Grants = Partial<Record<Operation, readonly Scope[]>>;

const OWN = ['own'] as const;
const ANY = ['own', 'other'] as const;

/** What every signed-in customer but an agency's client may read in its own account. */
const READ_OWN: Grants = {
  'account.read': OWN,
  'subscription.read': OWN,
  'pricing.read': OWN,
  'consentSolutions.read': OWN,
  'domains.read': OWN,
};

/** ROLE_USER: full rights in the own account. */
const USER: Grants = {
  ...READ_OWN,
  'account.edit': OWN,
  'subscription.manage': OWN,
  'consentSolutions.write': OWN,
  'domains.write': OWN,
  'domains.delete': OWN,
  'teammates.read': OWN,
  'teammates.invite': OWN,
  'teammates.delete': OWN,
  'audit.read': OWN,
  'invoices.read': OWN,
  'reports.read': OWN,
};

const widen = (grants: Grants, except: readonly Operation[] = []): Grants =>
  Object.fromEntries(Object.entries(grants).map(([op, scopes]) => [op, except.includes(op as Operation) ? scopes : ANY]));

/**
 * The matrix. Decisions (ROLE-1): ROLE_UNIVERSAL_CONSENT_SOLUTIONS and ROLE_USER_REGISTRARTION
 * are add-ons to a customer, so they carry ROLE_USER's rights plus their own; ROLE_DEMO reads
 * what ROLE_USER reads; ROLE_CLIENT works on its account's consent solutions and domains only:
 * a client of an agency does not see its billing (no subscription, no prices: the agency pays).
 */
export const PERMISSIONS: Record<Role, Grants> = {
  ROLE_USER: USER,
  ROLE_DEMO: {
    ...READ_OWN,
    'teammates.read': OWN,
    'audit.read': OWN,
    'invoices.read': OWN,
    'reports.read': OWN,
  },
  ROLE_UNIVERSAL_CONSENT_SOLUTIONS: { ...USER, 'consentSolutions.sharedConsent': OWN },
  ROLE_CLIENT: {
    'account.read': OWN,
    'consentSolutions.read': OWN,
    'domains.read': OWN,
    'consentSolutions.write': OWN,
    'domains.write': OWN,
    'domains.delete': OWN,
  },
  ROLE_AGENCY: { ...widen(USER), 'account.switch': ANY, 'accounts.list': ANY },
  ROLE_ADMIN: {
    ...widen(USER),
    'account.switch': ANY,
    'accounts.list': ANY,
    'accounts.create': ANY,
    // Operations close other accounts; nobody deletes the account they work from.
    'accounts.delete': ['other'],
    'subscription.changeStatus': ANY,
    'consentSolutions.sharedConsent': ANY,
    'global.write': ANY,
    'global.remove': ANY,
    'users.register': ANY,
  },
  ROLE_USER_REGISTRARTION: { ...USER, 'users.register': OWN },
};

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/**
 * Whether these roles may do `operation` in `scope`: any role granting it is enough, except
 * that ROLE_DEMO makes every write refused (read-only), whatever else the user has.
 */
export const can = (roles: readonly string[], operation: Operation, scope: Scope = 'own'): boolean => {
  const known = roles.filter(isRole);
  if (OPERATIONS[operation].write && known.includes('ROLE_DEMO')) return false;
  return known.some((role) => PERMISSIONS[role][operation]?.includes(scope) ?? false);
};

/** The messageKey of the 403 for a refused operation. */
export const deniedKey = (roles: readonly string[], operation: Operation): string =>
  OPERATIONS[operation].write && roles.includes('ROLE_DEMO') ? PERMISSION_DENIED : OPERATIONS[operation].deniedKey;

/**
 * react-admin's `canAccess({ resource, action })` in terms of the matrix: the app's resources
 * and custom pages, and react-admin's actions (list, show, create, edit, delete, export).
 */
const RESOURCE_OPERATIONS: Record<string, { read: Operation; create?: Operation; edit?: Operation; delete?: Operation }> = {
  'consent-solutions': { read: 'consentSolutions.read', create: 'consentSolutions.write', edit: 'consentSolutions.write', delete: 'consentSolutions.write' },
  domains: { read: 'domains.read', create: 'domains.write', edit: 'domains.write', delete: 'domains.delete' },
  teammates: { read: 'teammates.read', create: 'teammates.invite', delete: 'teammates.delete' },
  accounts: { read: 'accounts.list', create: 'accounts.create', edit: 'account.edit', delete: 'accounts.delete' },
  subscription: { read: 'subscription.read', create: 'subscription.manage', edit: 'subscription.manage', delete: 'subscription.manage' },
  pricing: { read: 'pricing.read' },
  'audit-log': { read: 'audit.read' },
};

const operationFor = (resource: string, action: string): Operation | undefined => {
  const ops = RESOURCE_OPERATIONS[resource];
  if (!ops) return undefined;
  if (action === 'list' || action === 'show' || action === 'export') return ops.read;
  if (action === 'create' || action === 'edit' || action === 'delete') return ops[action];
  return undefined;
};

/**
 * `canAccess` for the app: unknown resources stay accessible (their pages decide); a known
 * resource with an action it does not offer is refused.
 */
export const canAccessResource = (roles: readonly string[], resource: string, action: string, scope: Scope = 'own'): boolean => {
  if (!RESOURCE_OPERATIONS[resource]) return true;
  const operation = operationFor(resource, action);
  return operation !== undefined && can(roles, operation, scope);
};
