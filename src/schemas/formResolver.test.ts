import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssuePerField } from './fieldIssues';
import { fieldPathOf, schemaResolver } from './formResolver';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(5, 'validation.too_long'),
  languages: z.array(z.string().length(2, 'validation.language_invalid')),
});

const resolve = (resolver: ReturnType<typeof schemaResolver>, values: Record<string, unknown>) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('form resolver', () => {
  it('[VAL-4] an array item issue shows on the array field', () => {
    expect(fieldPathOf(['additionalLanguages', 2])).toBe('additionalLanguages');
    expect(fieldPathOf(['domain', 'canonicalDomain'])).toBe('domain.canonicalDomain');
  });

  it('[VAL-4] gives each field the message key of its first issue', async () => {
    const result = schema.safeParse({ name: '', languages: ['fr', 'english', 'x'] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(firstIssuePerField(result.error.issues)).toEqual({ name: 'validation.required', languages: 'validation.language_invalid' });
    const { errors } = await resolve(schemaResolver(schema), { name: '', languages: ['english'] });
    expect(errors).toEqual({
      name: { type: 'too_small', message: 'validation.required' },
      languages: { type: 'too_big', message: 'validation.language_invalid' },
    });
  });

  it('[VAL-4] keeps the form values, or hands the parsed ones on when asked', async () => {
    const values = { name: ' Ana ', languages: [] };
    expect((await resolve(schemaResolver(schema), values)).values).toBe(values);
    expect((await resolve(schemaResolver(schema, { submitParsed: true }), values)).values).toEqual({ name: 'Ana', languages: [] });
  });
});
