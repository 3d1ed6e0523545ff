-- ============================================================================================
-- garden_centers: the warehouse of a garden-centre retail platform (DuckDB DDL for labelling)
--
-- Company: "Verdant Retail Cloud" sells point-of-sale, inventory, loyalty, design-studio,
-- delivery-scheduling, workshop-booking and purchasing software to independent garden-centre
-- chains. Every chain is a tenant of one shared BigQuery warehouse (dataset gc_mart in project
-- verdant-dw), every table keyed by tenant_id. The deployment here is tenant 'GC-0417',
-- Hollybrook Garden Centres: Maple Ridge (HB-MR), Cedar Valley (HB-CV), Lakeshore (HB-LS),
-- North Hills (HB-NH), Riverford (HB-RF, opened 2026-09-12, never cycle-counted yet) and the
-- closed Millbrook (HB-MB, closed at the end of 2025, soft-deleted on 2026-01-08, its 2025
-- history kept). Other tenants in the warehouse: 'GC-0152' (Greenleaf Nurseries) and
-- 'GC-0890' (Sunbelt Garden Supply). Ids (ctr_id, sku_id, ticket_id, mbr_id ...) are unique
-- across the platform.
--
-- Warehouse: BigQuery (DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD(d, INTERVAL n MONTH),
-- DATE_DIFF(a, b, DAY), DATE(ts), EXTRACT, FORMAT_DATE, COUNTIF, SAFE_DIVIDE, QUALIFY,
-- CURRENT_DATE(); `/` always returns FLOAT64). The agent writes dialect `bigquery`.
-- Agent: `sprout-analyst`, versions 3.1, 3.2 and 3.3, deployed for tenant 'GC-0417'.
-- Log window: 2026-11-09 to 2026-11-27; the warehouse is loaded up to 2026-11-08 (nothing
-- dated after it except scheduled delivery / planting jobs, booked consultations, scheduled
-- workshops and their sign-ups, and open purchase orders' expected dates).
-- So "last month" is October 2026, "this month" / "mtd" November 2026 to date, "last
-- quarter" Q3 2026 (July-September), "ytd" / "this year" 2026 to date, "last 6 months" the
-- six whole months May-October 2026, "last 12 months" the rolling year back from today
-- (DATE(sold_ts) >= today - 12 months), "rn" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'GC-0417'` on every table of every query (row policy);
--   * test rows: `is_test = FALSE` on tickets (tickets rung on the training tills) and members
--     (the 'Till Training Card' and 'Staff Test Card' loyalty accounts; the staff card has been
--     scanned on real tickets, which are not flagged themselves: exclude it through members);
--   * voids: `void_flg = 0` on tickets (rung in error; their lines stay in ticket_lines and are
--     excluded only through tickets);
--   * soft deletes: `deleted_at IS NULL` on centers (the closed Millbrook), products (SKU
--     records keyed twice by the buyers; the duplicate never sold) and members (profiles merged
--     into another one; they carry no tickets). These guards matter where that table is the
--     population counted or listed ("each centre", "how many skus", "how many members").
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * amounts are INT64 cents (*_cents); answers show dollars (cents / 100).
--   * tickets: one row per sales ticket (till, web or phone order). gross_cents = list value,
--     disc_cents = discounts, net_cents = gross - discounts (before tax), tax_cents apart.
--     mbr_id is the loyalty member who scanned a card, NULL for walk-in customers. Tickets are
--     dated by DATE(sold_ts). "Sales" / "revenue" = SUM(net_cents) / 100 of tickets with
--     void_flg = 0 and is_test = FALSE; returns and warranty refunds are not deducted. "Avg
--     basket" / "avg ticket" = revenue / number of such tickets.
--   * ticket_lines: one row per line (line_no 1..n); line_net_cents = qty * unit_price_cents -
--     line_disc_cents; the lines' line_net_cents add up to the ticket's net_cents. sku_id is
--     NULL on open-price lines (gift cards, custom arrangements). Revenue by sku or category =
--     SUM(line_net_cents) / 100 of the lines of valid tickets; units = SUM(qty).
--   * products: one row per SKU; cat_cd 'PERENNIAL', 'ANNUAL', 'SHRUB', 'TREE', 'HOUSEPLANT',
--     'BULB', 'HARDSCAPE', 'SOIL', 'TOOL'; plant_yn 'Y'/'N'; season_cd 'SPRING', 'SUMMER',
--     'FALL', 'WINTER' or 'ALL'; zone_min / zone_max the USDA hardiness range (NULL for
--     houseplants and non-plants). A sku is "hardy to zone z" when zone_min <= z <= zone_max.
--     unit_cost_cents = landed cost, list_price_cents = shelf price.
--   * members: loyalty members; tier_cd 'SEEDLING', 'GROWER' or 'MASTER'; join_dt. "Active
--     member" = a non-test, non-deleted member with at least one valid ticket in the last 12
--     months (DATE(sold_ts) >= today - 12 months). "New members" / "signups" by join_dt.
--   * inv_counts: cycle counts, one row per sku counted at a centre (gh_cd = the greenhouse,
--     NULL for the yard and the shop floor) on count_dt. sys_qty = units the system expected,
--     cnt_qty = units counted. Shrinkage = units short, SUM(sys_qty - cnt_qty) over rows with
--     cnt_qty < sys_qty (overages, adj_reason 'MISCOUNT', are not netted against it);
--     shrinkage $ = SUM((sys_qty - cnt_qty) * unit_cost_cents) / 100 at cost over the same
--     rows. adj_reason 'DEAD' (plants written off dead), 'DAMAGED', 'THEFT', 'MISCOUNT' or NULL
--     when the count matched. "Dead plants written off" = units short with adj_reason 'DEAD'.
--   * consults: landscape-design consultations with a designer (designer_nm), dated by
--     DATE(appt_ts); consult_type 'IN_STORE', 'ON_SITE', 'VIRTUAL'; status_cd 'BOOKED'
--     (upcoming), 'COMPLETED', 'NO_SHOW', 'CANCELLED' (cancelled ahead by the customer).
--     No-show rate = NO_SHOW / (COMPLETED + NO_SHOW), as a percentage; cancellations are
--     neither. quote_cents set on COMPLETED consults; won_yn 'Y'/'N' on COMPLETED consults
--     (NULL otherwise); conversion rate = won ('Y') / COMPLETED, as a percentage.
--   * jobs: delivery and planting jobs sold on a ticket (ticket_id); a ticket can carry two
--     jobs of one type (a split delivery). job_type 'DELIVERY' or 'PLANTING'; dated by
--     sched_dt; status_cd 'SCHEDULED', 'DONE', 'FAILED' (crew could not complete), 'CANCELLED';
--     done_ts set on DONE jobs. "Jobs done" = DONE. On time = DONE with DATE(done_ts) <=
--     sched_dt; on-time rate = on time / (DONE + FAILED), as a percentage.
--   * workshops: one row per session; status_cd 'SCHEDULED', 'HELD', 'CANCELLED'; seat_cap
--     seats. ws_signups: one row per seat booked; cancel_ts set when the sign-up was
--     cancelled (a cancelled seat is free again); mbr_id NULL for guests who are not loyalty
--     members; attended_yn 'Y'/'N' once the workshop was held (NULL before, and on cancelled
--     sign-ups). Sign-ups = seats not cancelled; fill = sign-ups / seat_cap; attendance rate
--     = attended 'Y' / sign-ups of HELD workshops, as a percentage (pooled over sign-ups, not
--     an average of workshops).
--   * purchase_orders: one row per PO to a vendor (vendor_cd, vendor_nm); status_cd 'OPEN',
--     'RECEIVED', 'CANCELLED'. received_dt set on RECEIVED POs. Late = received_dt >
--     expected_dt (received on the expected day is on time); overdue = OPEN with expected_dt
--     before today. Lead time = DATE_DIFF(received_dt, order_dt, DAY). Received POs are dated
--     by received_dt.
--   * plant_claims: claim_type 'WARRANTY' (the one-year plant guarantee: the plant died) or
--     'RETURN' (brought back); status_cd 'APPROVED', 'DENIED', 'PENDING'; claim_amt_cents the
--     amount claimed, refunded only when APPROVED. Warranty refunds = SUM(claim_amt_cents) /
--     100 of APPROVED WARRANTY claims by claim_dt.
-- ============================================================================================

CREATE TABLE centers (
    tenant_id      VARCHAR NOT NULL,
    ctr_id         INTEGER NOT NULL,
    ctr_cd         VARCHAR NOT NULL,
    ctr_nm         VARCHAR NOT NULL,
    region_nm      VARCHAR,
    usda_zone      VARCHAR,          -- e.g. '5b'
    gh_cnt         INTEGER,          -- greenhouses on site
    opened_dt      DATE,
    deleted_at     TIMESTAMP
);

CREATE TABLE products (
    tenant_id        VARCHAR NOT NULL,
    sku_id           INTEGER NOT NULL,
    sku_cd           VARCHAR NOT NULL,
    sku_nm           VARCHAR NOT NULL,
    cat_cd           VARCHAR NOT NULL,
    plant_yn         VARCHAR NOT NULL,   -- 'Y' / 'N'
    season_cd        VARCHAR NOT NULL,
    zone_min         INTEGER,
    zone_max         INTEGER,
    unit_cost_cents  INTEGER NOT NULL,
    list_price_cents INTEGER NOT NULL,
    deleted_at       TIMESTAMP
);

CREATE TABLE members (
    tenant_id    VARCHAR NOT NULL,
    mbr_id       INTEGER NOT NULL,
    mbr_nm       VARCHAR NOT NULL,
    email_addr   VARCHAR,
    tier_cd      VARCHAR NOT NULL,       -- SEEDLING / GROWER / MASTER
    join_dt      DATE NOT NULL,
    home_ctr_id  INTEGER,
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE tickets (
    tenant_id    VARCHAR NOT NULL,
    ticket_id    BIGINT NOT NULL,
    ctr_id       INTEGER NOT NULL,
    mbr_id       INTEGER,
    sold_ts      TIMESTAMP NOT NULL,
    channel_cd   VARCHAR NOT NULL,       -- POS / WEB / PHONE
    gross_cents  INTEGER NOT NULL,
    disc_cents   INTEGER NOT NULL,
    net_cents    INTEGER NOT NULL,
    tax_cents    INTEGER NOT NULL,
    void_flg     INTEGER NOT NULL,       -- 0 / 1
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE ticket_lines (
    tenant_id        VARCHAR NOT NULL,
    ticket_id        BIGINT NOT NULL,
    line_no          INTEGER NOT NULL,
    sku_id           INTEGER,            -- NULL on open-price lines
    qty              INTEGER NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    line_disc_cents  INTEGER NOT NULL,
    line_net_cents   INTEGER NOT NULL
);

CREATE TABLE inv_counts (
    tenant_id   VARCHAR NOT NULL,
    count_id    BIGINT NOT NULL,
    ctr_id      INTEGER NOT NULL,
    gh_cd       VARCHAR,                 -- greenhouse, NULL = yard / shop floor
    sku_id      INTEGER NOT NULL,
    count_dt    DATE NOT NULL,
    sys_qty     INTEGER NOT NULL,
    cnt_qty     INTEGER NOT NULL,
    adj_reason  VARCHAR                  -- DEAD / DAMAGED / THEFT / MISCOUNT / NULL
);

CREATE TABLE consults (
    tenant_id     VARCHAR NOT NULL,
    consult_id    BIGINT NOT NULL,
    mbr_id        INTEGER,
    ctr_id        INTEGER NOT NULL,
    designer_nm   VARCHAR NOT NULL,
    appt_ts       TIMESTAMP NOT NULL,
    consult_type  VARCHAR NOT NULL,
    status_cd     VARCHAR NOT NULL,      -- BOOKED / COMPLETED / NO_SHOW / CANCELLED
    quote_cents   INTEGER,
    won_yn        VARCHAR                -- 'Y' / 'N' on COMPLETED
);

CREATE TABLE jobs (
    tenant_id   VARCHAR NOT NULL,
    job_id      BIGINT NOT NULL,
    ticket_id   BIGINT NOT NULL,
    ctr_id      INTEGER NOT NULL,
    job_type    VARCHAR NOT NULL,        -- DELIVERY / PLANTING
    sched_dt    DATE NOT NULL,
    done_ts     TIMESTAMP,
    status_cd   VARCHAR NOT NULL,        -- SCHEDULED / DONE / FAILED / CANCELLED
    crew_cd     VARCHAR,
    fee_cents   INTEGER NOT NULL
);

CREATE TABLE workshops (
    tenant_id   VARCHAR NOT NULL,
    ws_id       INTEGER NOT NULL,
    ctr_id      INTEGER NOT NULL,
    ws_title    VARCHAR NOT NULL,
    topic_cd    VARCHAR NOT NULL,        -- PRUNING / CONTAINERS / VEG / WREATH / KIDS / TERRARIUM
    ws_dt       DATE NOT NULL,
    seat_cap    INTEGER NOT NULL,
    fee_cents   INTEGER NOT NULL,
    status_cd   VARCHAR NOT NULL         -- SCHEDULED / HELD / CANCELLED
);

CREATE TABLE ws_signups (
    tenant_id    VARCHAR NOT NULL,
    signup_id    BIGINT NOT NULL,
    ws_id        INTEGER NOT NULL,
    mbr_id       INTEGER,                -- NULL for guests
    signup_ts    TIMESTAMP NOT NULL,
    cancel_ts    TIMESTAMP,
    attended_yn  VARCHAR                 -- 'Y' / 'N' once held
);

CREATE TABLE purchase_orders (
    tenant_id    VARCHAR NOT NULL,
    po_id        BIGINT NOT NULL,
    vendor_cd    VARCHAR NOT NULL,
    vendor_nm    VARCHAR NOT NULL,
    ctr_id       INTEGER NOT NULL,
    order_dt     DATE NOT NULL,
    expected_dt  DATE NOT NULL,
    received_dt  DATE,
    status_cd    VARCHAR NOT NULL,       -- OPEN / RECEIVED / CANCELLED
    po_cents     INTEGER NOT NULL
);

CREATE TABLE plant_claims (
    tenant_id        VARCHAR NOT NULL,
    claim_id         BIGINT NOT NULL,
    ticket_id        BIGINT NOT NULL,
    sku_id           INTEGER,
    ctr_id           INTEGER NOT NULL,
    claim_dt         DATE NOT NULL,
    claim_type       VARCHAR NOT NULL,   -- WARRANTY / RETURN
    reason_cd        VARCHAR,            -- DIED / DAMAGED / WRONG_ITEM / CHANGED_MIND
    status_cd        VARCHAR NOT NULL,   -- APPROVED / DENIED / PENDING
    claim_amt_cents  INTEGER NOT NULL
);
