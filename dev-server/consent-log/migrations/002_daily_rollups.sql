-- LOG-3: the compliance dashboard's figures, one row per solution and UTC day of decision,
-- maintained in the same transaction as each ingest batch. Counts only: no visitor data.
CREATE TABLE consent_daily (
  consent_solution_id bigint NOT NULL,
  day date NOT NULL,
  account_id bigint NOT NULL,
  accept integer NOT NULL DEFAULT 0,
  decline integer NOT NULL DEFAULT 0,
  save integer NOT NULL DEFAULT 0,
  shared integer NOT NULL DEFAULT 0,
  necessary integer NOT NULL DEFAULT 0,
  functional integer NOT NULL DEFAULT 0,
  statistics integer NOT NULL DEFAULT 0,
  marketing integer NOT NULL DEFAULT 0,
  PRIMARY KEY (consent_solution_id, day)
);
CREATE INDEX consent_daily_by_account_day ON consent_daily (account_id, day);
