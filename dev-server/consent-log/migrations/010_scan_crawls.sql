-- SCAN-1: the scanner's durable crawls. A crawl's frontier (every page x consent state it plans,
-- with what became of it) and its findings are written as the crawl goes, so a time limit, a
-- cancel or a crashed worker leaves what was found, and any worker can resume from the frontier.
-- The job queue itself is pg-boss's, in its own schema.

CREATE TABLE scan_crawls (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('scan', 'health')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  failure text,
  failure_detail text,
  partial boolean NOT NULL DEFAULT false,
  -- Everything a worker needs, on any machine: start URL, domain, solution, consent version, options.
  plan jsonb NOT NULL,
  page_budget integer NOT NULL CHECK (page_budget > 0),
  -- Distinct URLs in the frontier (at most page_budget); also the next page's discovery order.
  urls integer NOT NULL DEFAULT 0,
  discovered boolean NOT NULL DEFAULT false,
  robots_txt text,
  crawl_delay_ms integer NOT NULL DEFAULT 0,
  next_visit_at timestamptz,
  checks jsonb,
  cancel_requested boolean NOT NULL DEFAULT false,
  -- Jobs sent so that idle workers join the crawl (SCAN-2: N workers split one crawl's pages).
  helpers integer NOT NULL DEFAULT 0,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  deadline_at timestamptz,
  finished_at timestamptz,
  -- Refreshed by every worker on the crawl; a running crawl without one for a while is orphaned.
  heartbeat_at timestamptz
);
CREATE INDEX scan_crawls_active ON scan_crawls (status, queued_at) WHERE status IN ('queued', 'running');

CREATE TABLE scan_frontier (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  url text NOT NULL,
  state text NOT NULL CHECK (state IN ('before', 'reject', 'gpc', 'accept')),
  state_rank smallint NOT NULL,
  seq integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'visiting', 'visited', 'failed', 'refused', 'alias')),
  worker text,
  attempts smallint NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  visited_at timestamptz,
  http_status smallint,
  detail text,
  PRIMARY KEY (crawl_id, url, state)
);
CREATE INDEX scan_frontier_next ON scan_frontier (crawl_id, status, state_rank, seq);

CREATE TABLE scan_cookies (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  state text NOT NULL,
  name text NOT NULL,
  domain text NOT NULL,
  path text NOT NULL,
  expiry_days integer,
  secure boolean NOT NULL,
  http_only boolean NOT NULL,
  same_site text NOT NULL,
  first_url text NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  pages integer NOT NULL DEFAULT 1,
  PRIMARY KEY (crawl_id, state, name, domain, path)
);

CREATE TABLE scan_refused (
  crawl_id uuid NOT NULL REFERENCES scan_crawls (id) ON DELETE CASCADE,
  url text NOT NULL,
  reason text NOT NULL,
  address text,
  PRIMARY KEY (crawl_id, url)
);

-- SCAN-2: every worker process on every machine, and when it last reported.
CREATE TABLE scan_workers (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  sandbox boolean NOT NULL
);
