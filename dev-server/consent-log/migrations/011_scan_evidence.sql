-- SCAN-4: the crawl's evidence beyond cookies, per crawl and consent state, written in the
-- transaction that marks a page visited (as scan_cookies): web storage keys and IndexedDB
-- databases, third-party hosts requested, and how each state was reached. Compliance findings
-- are computed from these rows, never from every page's evidence held in memory.

CREATE TABLE scan_storage (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  state text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('local_storage', 'session_storage', 'indexed_db')),
  name text NOT NULL,
  -- The page's host (storage belongs to the top frame's origin).
  host text NOT NULL,
  first_url text NOT NULL,
  pages integer NOT NULL DEFAULT 1,
  PRIMARY KEY (crawl_id, state, kind, name, host)
);

CREATE TABLE scan_third_parties (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  state text NOT NULL,
  host text NOT NULL,
  domain text NOT NULL,
  company text,
  -- third-party-web's category; null for a host it does not know.
  category text,
  requests integer NOT NULL,
  first_url text NOT NULL,
  first_page text NOT NULL,
  pages integer NOT NULL DEFAULT 1,
  PRIMARY KEY (crawl_id, state, host)
);

-- How the crawl put the browser in each state (own banner, consent cookie, GPC signal, unreached…).
CREATE TABLE scan_state_outcomes (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  state text NOT NULL,
  reached_by text NOT NULL,
  detail text,
  PRIMARY KEY (crawl_id, state)
);
