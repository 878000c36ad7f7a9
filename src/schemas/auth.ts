import { z } from 'zod';

/**
 * The password rules of VAL-2. The new-password screen's live checklist and the dev API's
 * reset endpoint both read this list, so a rule changes in one place only.
 */
export const passwordRules = [
  { id: 'length', messageKey: 'auth.password_rule_length', test: (value: string) => value.length >= 10 },
  { id: 'lowercase', messageKey: 'auth.password_rule_lowercase', test: (value: string) => /\p{Ll}/u.test(value) },
  { id: 'uppercase', messageKey: 'auth.password_rule_uppercase', test: (value: string) => /\p{Lu}/u.test(value) },
  { id: 'numeric', messageKey: 'auth.password_rule_numeric', test: (value: string) => /\d/.test(value) },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

export const PASSWORD_MAX_LENGTH = 4096;

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.max_length_4096' })
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value)) ctx.addIssue({ code: 'custom', message: rule.messageKey, params: { rule: rule.id } });
    }
  });

export const emailSchema = z
  .string({ error: 'validation.email_required' })
  .trim()
  .min(1, { error: 'validation.email_required' })
  .min(2, { error: 'validation.email_length' })
  .max(255, { error: 'validation.email_length' })
  .pipe(z.email({ error: 'validation.email_invalid' }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation.password_required' }).min(1, { error: 'validation.password_required' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const recoveryEmailSchema = z.object({ username: emailSchema });

export const newPasswordSchema = z
  .object({ first: passwordSchema, second: z.string({ error: 'validation.password_required' }), token: z.string().min(1) })
  .refine((value) => value.first === value.second, { path: ['second'], error: 'error.backend.passwords_must_match' });
