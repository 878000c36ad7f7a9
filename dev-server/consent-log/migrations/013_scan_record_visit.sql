-- SCAN-1 / SCAN-2: a visit is recorded by one statement, not a transaction of a dozen round trips.
-- The embedded database has one session: a worker in another process that holds a transaction
-- open holds every API statement behind it while it sends the next one (up to a third of a second
-- when its Node process was busy with its pages). These functions do the same work as one
-- statement, so the session is held only while the database works.

-- One visit's evidence (crawlEvidence.ts shapes it): each item counts the pages that had it.
CREATE FUNCTION scan_store_evidence(p_crawl uuid, e jsonb, p_stamp timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scan_cookies AS k (crawl_id, state, name, domain, path, expiry_days, secure, http_only, same_site, first_url, first_seen, last_seen)
  SELECT p_crawl, e->>'state', c.name, c.domain, c.path, c.expiry_days, c.secure, c.http_only, c.same_site, e->>'url', p_stamp, p_stamp
  FROM jsonb_to_recordset(e->'cookies') AS c(name text, domain text, path text, expiry_days integer, secure boolean, http_only boolean, same_site text)
  ON CONFLICT (crawl_id, state, name, domain, path) DO UPDATE SET last_seen = excluded.last_seen, expiry_days = excluded.expiry_days, pages = k.pages + 1;

  INSERT INTO scan_storage AS k (crawl_id, state, kind, name, host, first_url)
  SELECT p_crawl, e->>'state', s.kind, s.name, e->>'host', e->>'url' FROM jsonb_to_recordset(e->'storage') AS s(kind text, name text)
  ON CONFLICT (crawl_id, state, kind, name, host) DO UPDATE SET pages = k.pages + 1;

  INSERT INTO scan_third_parties AS k (crawl_id, state, host, domain, company, category, requests, first_url, first_page)
  SELECT p_crawl, e->>'state', t.host, t.domain, t.company, t.category, t.requests, t."firstUrl", e->>'url'
  FROM jsonb_to_recordset(e->'thirdParties') AS t(host text, domain text, company text, category text, requests integer, "firstUrl" text)
  ON CONFLICT (crawl_id, state, host) DO UPDATE SET requests = k.requests + excluded.requests, pages = k.pages + 1;

  INSERT INTO scan_state_outcomes (crawl_id, state, reached_by, detail) VALUES (p_crawl, e->>'state', e->>'reachedBy', e->>'reachedDetail')
  ON CONFLICT DO NOTHING;
END $$;

-- Adds the pages not in the frontier yet, in the order given, while the page budget lasts, each
-- with the consent states planned for it (the first `p_sample` pages also after "reject" and with
-- GPC); `p_aliases` are URLs a visited page redirected from or to. The crawl's row lock orders
-- concurrent discoveries. Answers how many pages it added.
CREATE FUNCTION scan_add_pages(p_crawl uuid, p_kind text, p_sample integer, p_budget integer, p_urls jsonb, p_aliases jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_urls integer;
  v_added integer;
BEGIN
  SELECT urls INTO v_urls FROM scan_crawls WHERE id = p_crawl FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  INSERT INTO scan_frontier (crawl_id, url, state, state_rank, seq, status)
  SELECT p_crawl, a.url, s.state, s.rank, -1, 'alias' FROM jsonb_array_elements_text(p_aliases) AS a(url)
  CROSS JOIN (VALUES ('before', 0), ('accept', 1), ('reject', 2), ('gpc', 3)) AS s(state, rank)
  ON CONFLICT DO NOTHING;
  IF p_budget - v_urls <= 0 THEN
    RETURN 0;
  END IF;
  -- A state found unreached has no pages to visit: its new pages are counted, not queued.
  WITH fresh AS (
    SELECT g.url, (v_urls + row_number() OVER (ORDER BY g.ord) - 1)::int AS seq
    FROM (SELECT u.url, min(u.ord) AS ord FROM jsonb_array_elements_text(p_urls) WITH ORDINALITY AS u(url, ord) GROUP BY u.url) AS g
    WHERE NOT EXISTS (SELECT 1 FROM scan_frontier f WHERE f.crawl_id = p_crawl AND f.url = g.url AND f.state = 'before')
    ORDER BY g.ord
    LIMIT p_budget - v_urls
  ), queued AS (
    INSERT INTO scan_frontier (crawl_id, url, state, state_rank, seq, status)
    SELECT p_crawl, n.url, s.state, s.rank, n.seq,
      CASE WHEN EXISTS (SELECT 1 FROM scan_state_outcomes o WHERE o.crawl_id = p_crawl AND o.state = s.state AND o.reached_by = 'unreached')
        THEN 'unreached' ELSE 'pending' END
    FROM fresh n CROSS JOIN (VALUES ('before', 0), ('accept', 1), ('reject', 2), ('gpc', 3)) AS s(state, rank)
    WHERE s.state = 'before' OR (p_kind = 'scan' AND (s.state = 'accept' OR n.seq < p_sample))
    ON CONFLICT DO NOTHING
  )
  SELECT count(*)::int INTO v_added FROM fresh;
  IF v_added = 0 THEN
    RETURN 0;
  END IF;
  UPDATE scan_crawls SET urls = urls + v_added WHERE id = p_crawl;
  RETURN v_added;
END $$;

-- Commits one visit (p: crawlId, worker, stamp, plan {kind, sampleSize}, pageBudget, visit,
-- accepted, links, aliases): the row, only while this worker still holds it (a row handed to
-- another worker meanwhile is theirs to record); its evidence; the same page's "accept" row when
-- it was accepted on the page, unless that state was found unreached meanwhile; the pages it
-- links to. False when the row was not this worker's.
CREATE FUNCTION scan_record_visit(p jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_crawl uuid := (p->>'crawlId')::uuid;
  v_stamp timestamptz := (p->>'stamp')::timestamptz;
BEGIN
  UPDATE scan_frontier SET status = 'visited', visited_at = now(), http_status = (p->'visit'->>'status')::int
  WHERE crawl_id = v_crawl AND url = p->'visit'->>'url' AND state = p->'visit'->>'state' AND status = 'visiting' AND worker = p->>'worker';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM scan_store_evidence(v_crawl, p->'visit', v_stamp);
  IF jsonb_typeof(p->'accepted') = 'object' THEN
    UPDATE scan_frontier SET status = 'visited', visited_at = now(), http_status = (p->'accepted'->>'status')::int, worker = p->>'worker', attempts = attempts + 1
    WHERE crawl_id = v_crawl AND url = p->'accepted'->>'url' AND state = p->'accepted'->>'state' AND status = 'pending';
    IF FOUND THEN
      PERFORM scan_store_evidence(v_crawl, p->'accepted', v_stamp);
    END IF;
  END IF;
  IF jsonb_array_length(p->'links') > 0 OR jsonb_array_length(p->'aliases') > 0 THEN
    PERFORM scan_add_pages(v_crawl, p->'plan'->>'kind', (p->'plan'->>'sampleSize')::int, (p->>'pageBudget')::int, p->'links', p->'aliases');
  END IF;
  RETURN true;
END $$;
