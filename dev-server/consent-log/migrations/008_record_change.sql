-- PROMISE-2: a decision that replaces one in force (the banner's privacy-settings control, a
-- blocked embed's placeholder) is a record like any other, marked as a change, with the id of
-- the record it replaces when the banner knew it.
ALTER TABLE consent_records
  ADD COLUMN is_change boolean NOT NULL DEFAULT false,
  ADD COLUMN replaces uuid;
