-- STD-4: the region rule a record keeps may name the US state it applied in, when the trusted
-- CDN gave one (`opt-out US-CA`); still never the address.
ALTER TABLE consent_records DROP CONSTRAINT consent_records_region_rule_check;
ALTER TABLE consent_records ADD CONSTRAINT consent_records_region_rule_check
  CHECK (region_rule ~ '^(opt-in|opt-out|none)( US-[A-Z]{2})?$');
