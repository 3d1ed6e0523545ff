-- ============================================================================================
-- craft_brewery: the warehouse of a craft-brewery group platform (DuckDB DDL for labelling)
--
-- Company: "Mashline" runs brewhouse, packaging, wholesale and taproom software for independent
-- brewery groups. Every group is a tenant of one shared SQL Server warehouse (schema dbo): its
-- breweries and taprooms, recipes, brews (batches) with planned and actual volumes, gravities
-- and ABV, packaging runs into kegs, cans and bottles, keg shipments and returns, distributor and
-- retail accounts with their orders, invoices and credit memos, monthly federal excise reports,
-- taproom POS tickets with comps and voids, hop and malt lots, and QA tests, all keyed by bg_id.
--
-- Warehouse: SQL Server 2019 (T-SQL: TOP, DATEADD/DATEDIFF/DATEFROMPARTS/EOMONTH, CAST(... AS
-- date), no QUALIFY, no LIMIT; `int / int` truncates). The agent writes dialect `tsql`.
-- Agent: `brewbot`, versions 3.1, 3.2 and 3.3, deployed for brewery group 'BG-118'
-- ("Tallgrass Hollow Brewing Co.": a production brewery in Canton NC, the Asheville brewpub, the
-- Greenville SC taproom and, since September 2026, a beer garden).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01. So "last
-- month" is October 2026, "this month" / "mtd" November 2026 to date, "last quarter" / "Q3"
-- July-September 2026, "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date, "last
-- 6 months" / "last 12 months" the six / twelve whole months before this month (May-October
-- 2026 / November 2025-October 2026), "last 90 days" / "last 30 days" the days before today.
--
-- Guards the deployment adds (brewbot's system prompt requires them):
--   * tenant: `bg_id = 'BG-118'` on every table of every query (row-level security is not on in
--     the warehouse; the agent must filter);
--   * test rows: `is_test = 0` on batches (pilot-system training brews), orders (sales-rep
--     training orders) and pos_tickets (POS training mode);
--   * soft deletes: `is_deleted = 0` on recipes and accounts (retired in the app, kept here).
--
-- Business conventions at this group (what a careful analyst would apply):
--   * volumes are US beer barrels (bbl, 31 gal). planned_bbl is the brew sheet's target,
--     actual_bbl the volume transferred to the brite tank (NULL until then).
--   * brewhouse yield = SUM(actual_bbl) / SUM(planned_bbl) over batches with an actual_bbl,
--     dated by brew_dt (a volume-weighted ratio, not an average of per-batch ratios).
--   * a batch's style is recipes.style_cd (IPA, HAZY = hazy/NE IPA, PILS, LAGER, STOUT, SOUR,
--     AMBER). Pilot batches carry no recipe_id (NULL).
--   * batch status: FERMENTING, CONDITIONING, PACKAGED, DUMPED. A dumped batch has status
--     DUMPED and is dated by dumped_dt (when it went down the drain), with dump_reason.
--   * brewed = batches by brew_dt. Brew-to-package days = first pkg_dt of the batch - brew_dt.
--   * packaged volume = SUM(packaging_runs.volume_bbl), dated by pkg_dt; units are kegs or
--     24-unit cases.
--   * accounts: account_type 'DIST' (distributor), 'RETAIL' (off-premise shop) or 'ONPREM'
--     (bar, restaurant). "Retail accounts" = RETAIL and ONPREM (everyone who is not a
--     distributor). New account = created_dt.
--   * orders count unless CANCELLED; they are dated by order_dt; order value = SUM(qty *
--     unit_price) of its lines; volume sold = SUM(order_lines.volume_bbl). On-time = shipped
--     orders with ship_dt <= req_ship_dt, over shipped orders dated by ship_dt.
--   * billing documents: invoices.doc_type 'INV' (invoice) or 'CM' (credit memo; amount is
--     positive and is subtracted). VOID documents never count. gross sales = SUM(amount) of
--     INV; net sales = INV amounts minus CM amounts; both dated by doc_dt. Credits by reason use
--     reason_cd ('RETURN', 'QUALITY', 'PRICING'). Past due = INV with status_cd 'OPEN' and due_dt
--     before today; "over 60 days" = due_dt more than 60 days before today.
--   * kegs out = keg_shipments with returned_dt IS NULL and lost_flg = 0; keg return days =
--     returned_dt - shipped_dt over returned kegs.
--   * taproom sales = SUM(gross_amt - comp_amt) over tickets with is_void = 0 (tips are the
--     staff's, never sales); tickets are dated by opened_ts. comp rate = SUM(comp_amt) /
--     SUM(gross_amt) over non-void tickets. Spend per guest = taproom sales / SUM(guests). Voids
--     are tickets with is_void = 1. A taproom is a brewery with has_taproom = 1.
--   * QA fail rate = FAIL results / tests, per test_type, dated by test_dt.
--   * on hand = SUM(remaining_kg) of ingredient lots.
--   * excise tax due = SUM(excise_reports.tax_due), dated by period_month (the month reported).
-- ============================================================================================

CREATE TABLE breweries (
    bg_id           VARCHAR NOT NULL,
    brewery_id      INTEGER PRIMARY KEY,
    brewery_nm      VARCHAR NOT NULL,
    city_nm         VARCHAR,
    state_cd        VARCHAR,
    has_taproom     INTEGER NOT NULL,        -- 1 = pours beer to the public (POS tickets)
    opened_dt       DATE
);

CREATE TABLE recipes (
    bg_id           VARCHAR NOT NULL,
    recipe_id       INTEGER PRIMARY KEY,
    recipe_nm       VARCHAR NOT NULL,
    style_cd        VARCHAR NOT NULL,        -- IPA, HAZY, PILS, LAGER, STOUT, SOUR, AMBER
    target_abv      DECIMAL(4,2),
    ibu             INTEGER,
    is_core         INTEGER NOT NULL,        -- 1 = year-round, 0 = seasonal / one-off
    is_deleted      INTEGER NOT NULL         -- soft delete (retired recipe)
);

CREATE TABLE batches (
    bg_id           VARCHAR NOT NULL,
    batch_id        INTEGER PRIMARY KEY,
    brewery_id      INTEGER NOT NULL,
    recipe_id       INTEGER,                 -- NULL for pilot batches
    tank_cd         VARCHAR,                 -- fermenter, e.g. FV-03
    brew_dt         DATE NOT NULL,
    planned_bbl     DECIMAL(6,1) NOT NULL,
    actual_bbl      DECIMAL(6,1),            -- transferred to brite tank; NULL until then
    og              DECIMAL(5,3),            -- original gravity
    fg              DECIMAL(5,3),            -- final gravity, NULL while fermenting
    abv             DECIMAL(4,2),            -- measured ABV %, NULL while fermenting
    status_cd       VARCHAR NOT NULL,        -- FERMENTING, CONDITIONING, PACKAGED, DUMPED
    dumped_dt       DATE,
    dump_reason     VARCHAR,                 -- INFECTION, OFF_FLAVOR, STUCK_FERM, EQUIPMENT
    is_test         INTEGER NOT NULL
);

CREATE TABLE packaging_runs (
    bg_id           VARCHAR NOT NULL,
    run_id          INTEGER PRIMARY KEY,
    batch_id        INTEGER NOT NULL,
    pkg_dt          DATE NOT NULL,
    pkg_format      VARCHAR NOT NULL,        -- KEG_HALF, KEG_SIXTEL, CAN_16OZ, BTL_12OZ
    units           INTEGER NOT NULL,        -- kegs, or cases of 24
    volume_bbl      DECIMAL(7,2) NOT NULL
);

CREATE TABLE accounts (
    bg_id           VARCHAR NOT NULL,
    account_id      INTEGER PRIMARY KEY,
    account_nm      VARCHAR NOT NULL,
    account_type    VARCHAR NOT NULL,        -- DIST, RETAIL, ONPREM
    state_cd        VARCHAR,
    distributor_id  INTEGER,                 -- the DIST account serving it; NULL = self-distributed
    created_dt      DATE NOT NULL,
    is_deleted      INTEGER NOT NULL
);

CREATE TABLE orders (
    bg_id           VARCHAR NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    brewery_id      INTEGER NOT NULL,        -- shipping brewery
    order_dt        DATE NOT NULL,
    req_ship_dt     DATE NOT NULL,
    ship_dt         DATE,
    status_cd       VARCHAR NOT NULL,        -- OPEN, SHIPPED, CANCELLED
    is_test         INTEGER NOT NULL
);

CREATE TABLE order_lines (
    bg_id           VARCHAR NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    recipe_id       INTEGER NOT NULL,
    pkg_format      VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(8,2) NOT NULL,
    volume_bbl      DECIMAL(7,2) NOT NULL
);

CREATE TABLE invoices (
    bg_id           VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    doc_type        VARCHAR NOT NULL,        -- INV invoice, CM credit memo
    order_id        INTEGER,
    account_id      INTEGER NOT NULL,
    doc_dt          DATE NOT NULL,
    due_dt          DATE,
    amount          DECIMAL(10,2) NOT NULL,  -- positive for both types
    reason_cd       VARCHAR,                 -- credit memos: RETURN, QUALITY, PRICING
    status_cd       VARCHAR NOT NULL,        -- OPEN, PAID, VOID (credit memos: OPEN, APPLIED, VOID)
    paid_dt         DATE
);

CREATE TABLE keg_shipments (
    bg_id           VARCHAR NOT NULL,
    keg_ship_id     INTEGER PRIMARY KEY,
    keg_serial      VARCHAR NOT NULL,
    keg_size        VARCHAR NOT NULL,        -- HALF, SIXTEL
    order_id        INTEGER NOT NULL,
    account_id      INTEGER NOT NULL,
    shipped_dt      DATE NOT NULL,
    returned_dt     DATE,
    lost_flg        INTEGER NOT NULL         -- written off as lost
);

CREATE TABLE excise_reports (
    bg_id           VARCHAR NOT NULL,
    brewery_id      INTEGER NOT NULL,
    period_month    DATE NOT NULL,           -- first day of the month reported
    removals_bbl    DECIMAL(8,2) NOT NULL,   -- taxable removals
    tax_due         DECIMAL(10,2) NOT NULL,
    filed_dt        DATE
);

CREATE TABLE pos_tickets (
    bg_id           VARCHAR NOT NULL,
    ticket_id       INTEGER PRIMARY KEY,
    brewery_id      INTEGER NOT NULL,
    opened_ts       TIMESTAMP NOT NULL,
    server_nm       VARCHAR,
    guests          INTEGER NOT NULL,
    gross_amt       DECIMAL(8,2) NOT NULL,
    comp_amt        DECIMAL(8,2) NOT NULL,   -- comped (given away) part of gross
    tip_amt         DECIMAL(8,2) NOT NULL,
    is_void         INTEGER NOT NULL,
    is_test         INTEGER NOT NULL
);

CREATE TABLE qa_tests (
    bg_id           VARCHAR NOT NULL,
    test_id         INTEGER PRIMARY KEY,
    batch_id        INTEGER NOT NULL,
    test_dt         DATE NOT NULL,
    test_type       VARCHAR NOT NULL,        -- MICRO, DO, ABV, SENSORY, DIACETYL
    result_cd       VARCHAR NOT NULL,        -- PASS, FAIL
    value_num       DECIMAL(8,3)
);

CREATE TABLE ingredient_lots (
    bg_id           VARCHAR NOT NULL,
    lot_id          INTEGER PRIMARY KEY,
    brewery_id      INTEGER NOT NULL,
    ingredient_type VARCHAR NOT NULL,        -- HOPS, MALT, ADJUNCT
    variety_nm      VARCHAR NOT NULL,        -- Citra, Mosaic, 2-Row ...
    supplier_nm     VARCHAR,
    received_dt     DATE NOT NULL,
    qty_kg          DECIMAL(8,1) NOT NULL,   -- received
    remaining_kg    DECIMAL(8,1) NOT NULL,   -- on hand now
    cost_amt        DECIMAL(10,2)
);
