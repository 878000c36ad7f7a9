/**
 * English texts of the teammates, operations (account switcher) and audit-log screens.
 * react-admin reads `resources.<name>.fields.<field>`; the screens read `teammates.*`,
 * `operations.*` and `audit.*`.
 */
export const teammatesEn = {
  resources: {
    teammates: {
      name: 'Teammates',
      name_one: 'Teammate',
      name_other: 'Teammates',
      fields: { email: 'Email', lastSeenAt: 'Last seen', status: 'Status', name: 'Name', actions: 'Actions' },
    },
    'audit-log': {
      name: 'Audit log',
      fields: { at: 'When', userEmail: 'Who', summary: 'What', resource: 'Area', action: 'Action' },
    },
  },
  teammates: {
    search: 'Search by email',
    invite: 'Add a teammate',
    never_seen: 'Never',
    status: { active: 'Active', pending: 'Invitation sent', disabled: 'Disabled' },
    remove: 'Remove',
    remove_title: 'Remove {{email}}?',
    remove_content: 'They will no longer be able to log in to this account.',
    create_title: 'Add a teammate',
    create_help: 'We will email them a link to choose their password.',
    notifications: {
      created: 'Invitation sent to {{email}}.',
      create_failed: 'Teammate was not created, fix problems and try again.',
      removed: 'Teammate removed.',
      remove_failed: 'Teammate was not removed. Please try again.',
    },
  },
  operations: {
    acting_on: 'Acting on account',
    own_account: 'My account',
    create_account: 'New account',
    create_account_title: 'Create an account',
    account_name: 'Account name',
    create: 'Create',
    cancel: 'Cancel',
    account_created: 'Account {{name}} created.',
  },
  audit: {
    title: 'Audit log',
    search: 'Search by email or change',
    open: 'Audit log',
    action: { create: 'Created', update: 'Changed', delete: 'Removed', action: 'Action' },
  },
};
