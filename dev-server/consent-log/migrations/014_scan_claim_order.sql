-- SCAN-3: workers claim a crawl's pages in discovery order, each page's states together, so the
-- sample's "after reject all", "with GPC" and replayed "after accept all" are loaded among the
-- first pages rather than left for the crawl's last seconds (docs/scanner.md, "States").
CREATE INDEX scan_frontier_by_seq ON scan_frontier (crawl_id, status, seq, state_rank);
