-- STD-3, STD-4, TCF-2: what a decision carries for the privacy standards: made under the
-- browser's Global Privacy Control signal, the region rule that applied (never the address),
-- and the IAB TC string when the solution has TCF on. Two more actions: an opt-out notice's
-- choice and a choice the GPC signal made on its own.
ALTER TABLE consent_records
  ADD COLUMN gpc boolean NOT NULL DEFAULT false,
  ADD COLUMN region_rule text NOT NULL DEFAULT 'opt-in' CHECK (region_rule IN ('opt-in', 'opt-out', 'none')),
  ADD COLUMN tc_string text;
ALTER TABLE consent_records DROP CONSTRAINT consent_records_action_check;
ALTER TABLE consent_records ADD CONSTRAINT consent_records_action_check
  CHECK (action IN ('accept', 'decline', 'save', 'shared', 'opt-out', 'gpc'));

-- The dashboard counts the new actions and the decisions made under GPC.
ALTER TABLE consent_daily
  ADD COLUMN opt_out integer NOT NULL DEFAULT 0,
  ADD COLUMN gpc integer NOT NULL DEFAULT 0,
  ADD COLUMN under_gpc integer NOT NULL DEFAULT 0;
