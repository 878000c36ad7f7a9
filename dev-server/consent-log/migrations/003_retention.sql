-- LOG-4: how long each account keeps its records; an account without a row keeps them the
-- default five years (dev-server/consent-log/retention.ts).
CREATE TABLE consent_retention (
  account_id bigint PRIMARY KEY,
  days integer NOT NULL CHECK (days BETWEEN 30 AND 3660)
);
