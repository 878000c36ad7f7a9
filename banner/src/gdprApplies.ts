import type { Visitor } from './config';

/**
 * STD-10: whether GDPR applies to this visitor, decided as the TCF's CMP API asks a CMP to: by
 * the regional rules the CDN applied. The EU/EEA, the UK and Switzerland, and other regions the
 * customer asks consent in first (without regional rules every visitor is asked first: GDPR
 * applies to all traffic). Never in the US, whose laws are opt-out (STD-13: its GPP sections).
 */
export const gdprApplies = (visitor: Visitor | null | undefined): boolean =>
  !visitor || visitor.region === 'eu' || (visitor.region === 'other' && visitor.rule === 'opt-in');
