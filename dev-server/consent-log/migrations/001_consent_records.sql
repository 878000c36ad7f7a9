-- LOG-1: one row per decision a visitor made in a published banner (proof of consent).
-- No IP address and no user agent: nothing the proof does not need (LOG-4).
-- The primary key holds the partition key (received_at) and the distribution column
-- (consent_solution_id), and no constraint spans rows of two solutions, so the table can be
-- range-partitioned by month and distributed by solution (docs/consent-log.md).
CREATE TABLE consent_records (
  id uuid NOT NULL,
  account_id bigint NOT NULL,
  consent_solution_id bigint NOT NULL,
  anonymous_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('accept', 'decline', 'save', 'shared')),
  categories text[] NOT NULL,
  consent_version integer NOT NULL,
  decided_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  domain text NOT NULL,
  language text,
  PRIMARY KEY (consent_solution_id, received_at, id)
);

-- Proof-of-consent look-up by the id handed to the visitor.
CREATE INDEX consent_records_by_id ON consent_records (id);
-- The admin's list and export, newest first, per account.
CREATE INDEX consent_records_by_account_time ON consent_records (account_id, received_at, id);
-- Shared consent: the newest decision of one anonymous id.
CREATE INDEX consent_records_by_anonymous_id ON consent_records (anonymous_id, decided_at);
