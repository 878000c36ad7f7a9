import { describe, expect, it } from 'vitest';
import { serverMessages, violationsOf } from './serverMessages';

// What a failed dataProvider call rejects with: an HttpError whose body keeps the API's violations.
const refusedDelete = {
  status: 409,
  body: {
    violations: [
      { propertyPath: '', message: 'The last public domain cannot be removed.', payload: { messageKey: 'error.backend.last_public_domain' } },
      { propertyPath: '', message: 'Something else.', payload: { messageKey: 'error.backend.unknown_to_the_app' } },
    ],
  },
};

describe('server messages', () => {
  it('[ERR-2] repeats the translated reason of a refused call, else the API text', () => {
    const translate = (key: string, options?: Record<string, unknown>) =>
      key === 'error.backend.last_public_domain' ? 'Translated reason' : String(options?._);
    expect(serverMessages(refusedDelete, translate)).toEqual(['Translated reason', 'Something else.']);
    expect(violationsOf(new Error('plain'))).toEqual([]);
  });
});
