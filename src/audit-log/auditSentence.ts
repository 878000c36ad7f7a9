/**
 * BEYOND-10: an audit entry as one sentence in the reader's language ("Olivia Owner renamed the
 * consent solution “Shop” to “Shop EU”"), built from what the API stored: the action, the
 * resource, the object's name and the fields sent. Values are interpolated as text, never as
 * markup: the caller renders the string as a text node.
 */

export interface AuditEntryView {
  action: 'create' | 'update' | 'delete' | 'action';
  resource: string;
  path: string;
  method: string;
  /** The object's name before the change (or as created); null when nothing names it. */
  subject: string | null;
  changes: Record<string, unknown>;
  /** Null where the provider's staff acted (DEPLOY-6). */
  userName: string | null;
  userEmail: string | null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The verb of a POST on an object (`/domains/5/verify`): its last segment; imports say what they import. */
const actionName = (path: string): string => {
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  if (last === 'import') return `${segments.at(-2) ?? ''}_import`;
  return last;
};

// Only known names become keys: a name from the API is never looked up (or interpolated) as a text of its own.
const KNOWN_THINGS = new Set(['consent-solutions', 'domains', 'teammates', 'accounts', 'cookies', 'popup-templates', 'subscriptions']);
const KNOWN_ACTIONS = new Set([
  'publish',
  'push-for-consent',
  'verify',
  'verification-token',
  'health-check',
  'cookies_import',
  'translations_import',
  'reset',
  'restore',
  'scans',
  'cancel',
  'accept',
  'dismiss',
]);
const KNOWN_FIELDS = new Set([
  'name',
  'autoblocking',
  'sharedConsent',
  'defaultLanguage',
  'additionalLanguages',
  'scanDepth',
  'scanFrequency',
  'type',
  'category',
  'purpose',
  'expiryDays',
  'dataProcessor',
  'domain',
  'html',
  'css',
  'js',
  'displayFunction',
  'hideFunction',
  'enabled',
  'vendors',
  'email',
]);

export const auditSentence = (entry: AuditEntryView, translate: Translate): string => {
  const actor = entry.userName ?? entry.userEmail ?? translate('audit.someone');
  const thing = KNOWN_THINGS.has(entry.resource) ? translate(`audit.things.${entry.resource}`) : translate('audit.things.other', { resource: entry.resource });
  const object = entry.subject === null ? thing : translate('audit.named', { thing, subject: entry.subject });
  const say = (key: string, values: Record<string, unknown> = {}) => translate(key, { actor, object, subject: entry.subject ?? '', ...values });

  if (entry.resource === 'subscriptions') {
    if (entry.action === 'delete') return say('audit.sentence.cancelled');
    if (entry.path.endsWith('/card')) return say('audit.sentence.card');
    const plan = entry.changes.plan;
    if (entry.action === 'create' && (plan === 'essential' || plan === 'professional'))
      return say('audit.sentence.subscribed', { plan: translate(`subscription.plans.${plan}.name`) });
  }
  if (entry.resource === 'teammates' && entry.subject !== null) {
    if (entry.action === 'create') return say('audit.sentence.invited');
    if (entry.action === 'delete') return say('audit.sentence.removed_teammate');
  }
  switch (entry.action) {
    case 'create':
      return say('audit.sentence.created');
    case 'delete':
      return say('audit.sentence.deleted');
    case 'update': {
      const name = entry.changes.name;
      const fields = Object.keys(entry.changes);
      if (typeof name === 'string' && entry.subject !== null && name !== entry.subject && fields.length === 1) return say('audit.sentence.renamed', { name });
      if (fields.length === 0) return say('audit.sentence.changed_nothing');
      return say('audit.sentence.changed', {
        fields: fields.map((field) => (KNOWN_FIELDS.has(field) ? translate(`audit.fields.${field}`) : field)).join(', '),
      });
    }
    case 'action': {
      const name = actionName(entry.path);
      return KNOWN_ACTIONS.has(name) ? say(`audit.actions.${name}`) : say('audit.sentence.action', { name });
    }
  }
};
