-- STD-13, STD-14: what a decision carries for the IAB Global Privacy Platform (the GPP string
-- and the section ids in force) and Google's Additional Consent (the AC string), beside the TC
-- string, where the solution has them on.
ALTER TABLE consent_records
  ADD COLUMN gpp_string text,
  ADD COLUMN gpp_sid integer[],
  ADD COLUMN ac_string text;
