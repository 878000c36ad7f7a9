-- SCAN-4: a consent state the crawl could not reach is not visited. Its pages stay in the
-- frontier as 'unreached' (what the state_unreached finding counts), and are never claimed.
ALTER TABLE scan_frontier DROP CONSTRAINT scan_frontier_status_check;
ALTER TABLE scan_frontier ADD CONSTRAINT scan_frontier_status_check
  CHECK (status IN ('pending', 'visiting', 'visited', 'failed', 'refused', 'alias', 'unreached'));
