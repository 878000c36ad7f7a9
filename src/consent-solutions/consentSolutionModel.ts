import {
  consentSolutionCreateSchema,
  consentSolutionUpdateSchema,
  splitConsentSolutionCreate,
  type ConsentSolutionCreateInput,
  type ConsentSolutionRecord,
} from '../schemas/consentSolution';
import type { DomainType, ScanDepth, ScanFrequencyDays } from '../schemas/domain';
import type { LanguageCode } from '../shared/languages';
import type { ScannerDefaults } from './domains/domainModel';
import { fieldPathOf, schemaResolver } from '../schemas/formResolver';

/**
 * Pure transforms of the consent-solution screens (ROUTE-10, ROUTE-11, ROUTE-14): form values
 * to the API bodies of docs/api.md and records to what the screens show.
 */

/** A consent solution as the API answers it (ENT-2). */
export type ConsentSolution = ConsentSolutionRecord;

// ---------------------------------------------------------------------------------------------
// Create (ROUTE-11)

/**
 * The create form's values, named like the `POST /consent-solutions` body so that a server
 * violation on `domain.canonicalDomain` lands on the domain field.
 */
export interface ConsentSolutionCreateFormValues {
  name?: string;
  defaultLanguage: LanguageCode | '';
  additionalLanguages: LanguageCode[];
  domain: {
    canonicalDomain: string;
    type: DomainType;
    scanDepth: ScanDepth;
    scanFrequency: ScanFrequencyDays;
  };
}

interface ConsentSolutionCreateBody {
  name: string;
  defaultLanguage: LanguageCode;
  additionalLanguages: LanguageCode[];
  domain: {
    canonicalDomain: string;
    type: DomainType;
    scanDepth: ScanDepth;
    scanFrequency: ScanFrequencyDays;
  };
}

/** Initial values: a public domain with the account's scanner defaults. */
export const createFormDefaults = (scanner: ScannerDefaults, defaultLanguage: LanguageCode | ''): ConsentSolutionCreateFormValues => ({
  defaultLanguage,
  additionalLanguages: [],
  domain: { canonicalDomain: '', type: 'website', scanDepth: scanner.scanDepth, scanFrequency: scanner.scanFrequency },
});

/** The shared create schema is flat; the form (like the API body) nests the domain. */
const toCreateSchemaInput = (values: ConsentSolutionCreateFormValues): ConsentSolutionCreateInput => ({
  name: values.name,
  defaultLanguage: values.defaultLanguage as LanguageCode,
  additionalLanguages: values.additionalLanguages ?? [],
  canonicalDomain: values.domain?.canonicalDomain,
  type: values.domain?.type,
  scanDepth: values.domain?.scanDepth,
  scanFrequency: values.domain?.scanFrequency,
});

const DOMAIN_FIELDS = new Set(['canonicalDomain', 'type', 'scanDepth', 'scanFrequency']);

/** Where an issue of the flat schema belongs in the nested form. */
const createFormFieldOf = (path: readonly PropertyKey[]): string => {
  const field = fieldPathOf(path);
  return DOMAIN_FIELDS.has(field) ? `domain.${field}` : field;
};

export const consentSolutionCreateResolver = schemaResolver<ConsentSolutionCreateFormValues>(consentSolutionCreateSchema, {
  toInput: toCreateSchemaInput,
  fieldOf: createFormFieldOf,
});

/**
 * `POST /consent-solutions` body (docs/api.md). Parsed by the shared schema, so the body holds
 * the trimmed domain and the name default (the domain) the API would give it anyway.
 */
export const toCreateBody = (values: ConsentSolutionCreateFormValues): ConsentSolutionCreateBody => {
  const { consentSolution, domain } = splitConsentSolutionCreate(consentSolutionCreateSchema.parse(toCreateSchemaInput(values)));
  return {
    name: consentSolution.name,
    defaultLanguage: consentSolution.defaultLanguage,
    additionalLanguages: consentSolution.additionalLanguages,
    domain: {
      canonicalDomain: domain.canonicalDomain,
      type: domain.type,
      scanDepth: domain.scanDepth,
      scanFrequency: domain.scanFrequency,
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Settings (ROUTE-14)

export type ConsentSolutionSettingsValues = Pick<ConsentSolution, 'name' | 'defaultLanguage' | 'additionalLanguages' | 'sharedConsent' | 'autoblocking'>;

type ConsentSolutionUpdateBody = Omit<ConsentSolutionSettingsValues, 'sharedConsent'> & { sharedConsent?: boolean };

export const consentSolutionSettingsResolver = schemaResolver<ConsentSolutionSettingsValues>(consentSolutionUpdateSchema);

/**
 * `PATCH /consent-solutions/{id}` body: the editable fields only. The edit form holds the
 * whole record (domains, versions, dates); sending those back would be noise at best.
 * sharedConsent goes only when it changed: the API checks the role whenever the field says
 * "on", and a user without the role must still be able to rename a solution that an admin
 * made shared.
 */
export const toUpdateBody = (values: ConsentSolutionSettingsValues, previous?: Pick<ConsentSolution, 'sharedConsent'>): ConsentSolutionUpdateBody => {
  const parsed = consentSolutionUpdateSchema.parse(values);
  return {
    name: parsed.name,
    defaultLanguage: parsed.defaultLanguage,
    additionalLanguages: parsed.additionalLanguages,
    autoblocking: parsed.autoblocking,
    ...(previous !== undefined && previous.sharedConsent === parsed.sharedConsent ? {} : { sharedConsent: parsed.sharedConsent }),
  };
};

/** Roles that may turn shared consent on (ROLE-1); the API answers 403 to anyone else. */
const SHARED_CONSENT_ROLES = ['ROLE_UNIVERSAL_CONSENT_SOLUTIONS', 'ROLE_ADMIN'] as const;

export const canEditSharedConsent = (roles: unknown): boolean =>
  Array.isArray(roles) && roles.some((role) => (SHARED_CONSENT_ROLES as readonly unknown[]).includes(role));

/**
 * The delete dialog asks the user to type the solution's name: deleting removes the pop-up
 * from every site at once. Surrounding spaces are forgiven, case is not.
 */
export const deleteConfirmationMatches = (typed: string, name: string): boolean => typed.trim() === name.trim() && name.trim() !== '';
