import { TCString } from '@iabtcf/core';
import { CONSENT_CATEGORIES } from '../../src/schemas/template';
import type { Violation } from '../../src/shared/violations';
import { templateData } from '../cdn/templateData';
import type { PublicationRow } from '../cdn/types';
import { violation } from '../http/errors';
import type { Store } from '../store/store';

/**
 * DEPLOY-5: a consent record is checked against what the solution's published banner could have
 * sent, since anyone who sets `Origin` can post one: a TC string only where the publication has
 * the IAB TCF on (and then one the IAB's own library decodes), a GPP string or sections only where
 * it has GPP on (it then carries the GPP module), categories only among those the banner offers.
 * Before any publication no banner exists: TCF and GPP count as off.
 */

interface RecordClaims {
  tcString?: string;
  gppString?: string;
  gppSid?: readonly number[];
  categories: readonly string[];
}

export const publishedBannerOf = (store: Store, consentSolutionId: number): PublicationRow | undefined => {
  const data = templateData(store);
  const publishedId = data.settingsOf(consentSolutionId)?.publishedPublicationId;
  return publishedId === undefined || publishedId === null ? undefined : data.publications().find((p) => p.id === publishedId);
};

const decodes = (tcString: string): boolean => {
  try {
    TCString.decode(tcString);
    return true;
  } catch {
    return false;
  }
};

export const recordViolations = (publication: PublicationRow | undefined, record: RecordClaims): Violation[] => {
  const violations: Violation[] = [];
  if (record.tcString !== undefined) {
    if (!publication?.tcf) violations.push(violation('validation.tc_string_without_tcf', 'tcString'));
    else if (!decodes(record.tcString)) violations.push(violation('validation.invalid_value', 'tcString'));
  }
  if (!publication?.gppFile) {
    if (record.gppString !== undefined) violations.push(violation('validation.gpp_string_without_gpp', 'gppString'));
    if (record.gppSid !== undefined) violations.push(violation('validation.gpp_string_without_gpp', 'gppSid'));
  }
  // Publications made before they named their categories offered every one.
  const offered: readonly string[] = publication?.categories ?? CONSENT_CATEGORIES;
  record.categories.forEach((category, index) => {
    if (!offered.includes(category)) violations.push(violation('validation.category_not_offered', `categories.${index}`));
  });
  return violations;
};
