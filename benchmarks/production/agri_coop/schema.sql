-- ============================================================================================
-- agri_coop: the platform warehouse of a grain-handling and farm-supply co-op software vendor,
-- shared by the agricultural cooperatives that run on it (DuckDB DDL for labelling)
--
-- Company: "Prairie Hub" hosts member cooperatives on one platform: AC-0731 (Northfork Grain
-- Co-operative), AC-0522 and AC-0918. Every co-op's member farms and their fields, crop plantings
-- by season and variety, grain deliveries (scale tickets with grading), price pools and the
-- settlements paid to members, farm-input sales on member accounts, equipment rentals and
-- agronomist field visits sit in shared tables keyed by coop_id.
--
-- Warehouse: ClickHouse. The agent writes dialect `clickhouse`.
-- Agent: `harvestiq`, versions 1.2, 1.3 and 1.4, deployed for co-op AC-0731 (Northfork).
-- Log window: 2026-10-05 to 2026-10-28. The warehouse's dated facts (tickets, sales, visits,
-- settlements, rentals going out) end on 2026-10-04, the last load before the window. So "last
-- month" is September 2026, "this quarter" Q4 2026, "last quarter" / "Q3" July-September 2026,
-- "Q2" April-June 2026, "this year" / "ytd" 2026, "last year" 2025, "in March" March 2026.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `coop_id = 'AC-0731'` on every table a query reads (every table carries it);
--   * `is_test = 0` on members (training accounts) and on scale_tickets (scale calibration and
--     test weighs). Training members carry no activity rows (no fields, loads, sales ...);
--   * `void_flg = 0` on scale_tickets and input_sales (voided tickets and invoice lines);
--   * `deleted_at IS NULL` on members and fields (soft deletes). Deleted members' and fields'
--     past loads, plantings and settlements stay in the facts and count in volume totals.
--   The member guards (is_test, deleted_at) apply where the members table is the population
--   counted or listed (active members, new members, farm sizes, members with no deliveries);
--   totals, rankings and counts built from activity rows (loads, settlements, sales, rentals)
--   keep every member's rows, soft-deleted members' included (their loads were delivered and
--   their cheques paid), also where members is joined only for names. The same holds for fields.
--
-- Business conventions at this co-op (what a careful analyst would apply):
--   * members: "active" members are status_cd = 'A' ('S' suspended, 'X' exited), never "has
--     delivered". "New members" are dated by join_dt. "Farm size" is a member's total acres of
--     (non-deleted) fields.
--   * a "load" / "delivery" is one scale ticket (scale_tickets row). "Bushels delivered" =
--     SUM(net_bu) (after dockage; gross_bu is before dockage). Deliveries are dated by tkt_ts;
--     "the 2025 crop" / "this crop year" / "crop yr" means crop_yr (the harvest year of the grain,
--     which members may haul out of farm storage months later), not the delivery date.
--   * grading: grade_cd '1', '2', '3', 'F' (feed), 'SG' (sample grade, i.e. rejected quality);
--     NULL = not graded yet. "#1" / "top grade" = '1'. A share of loads by grade counts every
--     load in the denominator, ungraded ones included. mst_pct = moisture %, NULL = not tested;
--     "wet" loads have mst_pct > 15.5. test_wt = test weight (lb/bu), dkg_pct = dockage %.
--   * "yield" (bu/ac) of a crop, variety or field = SUM(net_bu of the loads linked to the
--     plantings by plt_id) / SUM(seeded_ac of those plantings), as totals.
--   * pools and settlements: a settlement is one cheque/EFT to a member from a pool. status 'P'
--     paid, 'D' draft (not yet paid), 'R' reversed (cancelled, reissued as a new row). Only 'P'
--     counts as paid, dated by stl_dt. stl_type 'ADV' advance, 'INT' interim, 'FIN' final
--     payment, 'CASH' cash (spot) purchase. net_amt = gross_amt - deduct_amt - adv_recov_amt;
--     "paid out" / "net paid" = SUM(net_amt); "deductions" = deduct_amt (drying, freight,
--     check-off; adv_recov_amt, advances recovered, is not a deduction). Price per bushel of a
--     pool = SUM(gross_amt) / SUM(bu_paid) of its paid settlements.
--   * input sales: "sales" / "revenue" = SUM(ext_amt) of non-void lines (every category: SEED,
--     FERT, CHEM, FUEL), dated by sale_dt; "on account" / "on credit" = on_acct = 1.
--   * equipment rentals: status 'RES' reserved, 'OUT' out, 'RET' returned, 'CXL' cancelled.
--     "Overdue" = status 'OUT' with due_dt before today. Rental days = days from out_dt to ret_dt.
--   * agronomy: one field_visits row per visit; agro_cd is the agronomist.
--   * ClickHouse semantics: an unmatched LEFT JOIN column is its type's default (0, ''), not NULL.
-- ============================================================================================

CREATE TABLE members (
    coop_id     VARCHAR NOT NULL,
    mbr_id      INTEGER NOT NULL,       -- unique across the platform
    mbr_no      VARCHAR NOT NULL,       -- the co-op's member number, e.g. 'NF-0412'
    mbr_nm      VARCHAR NOT NULL,       -- farm / member name
    mbr_type    VARCHAR NOT NULL,       -- 'IND' individual, 'FAM' family farm, 'CORP', 'COLONY'
    region_cd   VARCHAR,                -- 'N', 'S', 'E', 'W'; NULL = not assigned
    join_dt     DATE NOT NULL,
    status_cd   VARCHAR NOT NULL,       -- 'A' active, 'S' suspended, 'X' exited
    is_test     TINYINT NOT NULL,       -- 1 = training account
    deleted_at  TIMESTAMP               -- soft delete
);

CREATE TABLE fields (
    coop_id     VARCHAR NOT NULL,
    fld_id      INTEGER NOT NULL,
    mbr_id      INTEGER NOT NULL,
    legal_desc  VARCHAR NOT NULL,       -- quarter-section, e.g. 'NE-12-34-W3'
    acres       DECIMAL(8,2) NOT NULL,
    soil_zone   VARCHAR NOT NULL,       -- 'BRN' brown, 'DBR' dark brown, 'BLK' black
    irr_flg     TINYINT NOT NULL,       -- 1 = irrigated
    deleted_at  TIMESTAMP
);

CREATE TABLE plantings (
    coop_id     VARCHAR NOT NULL,
    plt_id      INTEGER NOT NULL,
    fld_id      INTEGER NOT NULL,
    season_yr   SMALLINT NOT NULL,      -- growing season (the crop year of its grain)
    crop_cd     VARCHAR NOT NULL,       -- 'WHT' wheat, 'CRN' corn, 'SOY' soybeans, 'CAN' canola, 'BAR' barley
    variety_nm  VARCHAR NOT NULL,
    seeded_dt   DATE NOT NULL,
    seeded_ac   DECIMAL(8,2) NOT NULL   -- acres seeded (can be less than the field's acres)
);

CREATE TABLE elevators (
    coop_id     VARCHAR NOT NULL,
    elev_id     INTEGER NOT NULL,
    elev_cd     VARCHAR NOT NULL,
    elev_nm     VARCHAR NOT NULL,
    site_type   VARCHAR NOT NULL,       -- 'ELEV' elevator, 'SILO' silo site, 'BAG' temporary bag site
    cap_bu      INTEGER NOT NULL,       -- licensed capacity, bushels
    is_active   TINYINT NOT NULL        -- 0 = closed site
);

CREATE TABLE scale_tickets (
    coop_id     VARCHAR NOT NULL,
    tkt_no      BIGINT NOT NULL,
    mbr_id      INTEGER NOT NULL,
    elev_id     INTEGER NOT NULL,
    plt_id      INTEGER,                -- the planting the grain came from; NULL = not traced
    crop_cd     VARCHAR NOT NULL,
    crop_yr     SMALLINT NOT NULL,      -- harvest year of the grain
    tkt_ts      TIMESTAMP NOT NULL,     -- weighed in
    gross_kg    INTEGER NOT NULL,
    tare_kg     INTEGER NOT NULL,
    gross_bu    DECIMAL(10,2) NOT NULL, -- before dockage
    net_bu      DECIMAL(10,2) NOT NULL, -- after dockage
    mst_pct     DECIMAL(4,1),           -- moisture %, NULL = not tested
    test_wt     DECIMAL(5,1),           -- lb/bu, NULL = not tested
    dkg_pct     DECIMAL(4,1) NOT NULL,  -- dockage %
    grade_cd    VARCHAR,                -- '1', '2', '3', 'F', 'SG'; NULL = not graded yet
    is_test     TINYINT NOT NULL,
    void_flg    TINYINT NOT NULL
);

CREATE TABLE pools (
    coop_id     VARCHAR NOT NULL,
    pool_id     INTEGER NOT NULL,
    pool_cd     VARCHAR NOT NULL,       -- e.g. 'WHT-25-P'
    crop_cd     VARCHAR NOT NULL,
    crop_yr     SMALLINT NOT NULL,
    pool_type   VARCHAR NOT NULL,       -- 'POOL' price pool, 'CASH' spot purchases
    open_dt     DATE NOT NULL,
    close_dt    DATE,                   -- NULL = still open
    final_px    DECIMAL(8,4)            -- final pool price per bu, NULL until closed
);

CREATE TABLE settlements (
    coop_id       VARCHAR NOT NULL,
    stl_id        INTEGER NOT NULL,
    mbr_id        INTEGER NOT NULL,
    pool_id       INTEGER NOT NULL,
    stl_type      VARCHAR NOT NULL,     -- 'ADV', 'INT', 'FIN', 'CASH'
    stl_dt        DATE NOT NULL,
    bu_paid       DECIMAL(10,2) NOT NULL,
    gross_amt     DECIMAL(12,2) NOT NULL,
    deduct_amt    DECIMAL(12,2) NOT NULL, -- drying, freight, check-off
    adv_recov_amt DECIMAL(12,2) NOT NULL, -- advances recovered from this payment
    net_amt       DECIMAL(12,2) NOT NULL, -- gross - deductions - advances recovered
    status        VARCHAR NOT NULL      -- 'P' paid, 'D' draft, 'R' reversed
);

CREATE TABLE input_sales (
    coop_id     VARCHAR NOT NULL,
    inv_no      VARCHAR NOT NULL,
    line_no     SMALLINT NOT NULL,
    mbr_id      INTEGER NOT NULL,
    sale_dt     DATE NOT NULL,
    prod_cat    VARCHAR NOT NULL,       -- 'SEED', 'FERT', 'CHEM', 'FUEL'
    sku         VARCHAR NOT NULL,
    qty         DECIMAL(10,2) NOT NULL,
    unit_px     DECIMAL(10,2) NOT NULL,
    ext_amt     DECIMAL(12,2) NOT NULL, -- qty * unit_px
    on_acct     TINYINT NOT NULL,       -- 1 = charged to the member's credit account
    void_flg    TINYINT NOT NULL
);

CREATE TABLE equip_rentals (
    coop_id     VARCHAR NOT NULL,
    rent_id     INTEGER NOT NULL,
    mbr_id      INTEGER NOT NULL,
    equip_cd    VARCHAR NOT NULL,
    equip_type  VARCHAR NOT NULL,       -- 'COMBINE', 'SPRAYER', 'AUGER', 'GRAIN_CART', 'FLOATER'
    out_dt      DATE NOT NULL,
    due_dt      DATE NOT NULL,
    ret_dt      DATE,                   -- NULL = not returned
    day_rate    DECIMAL(8,2) NOT NULL,
    status      VARCHAR NOT NULL        -- 'RES', 'OUT', 'RET', 'CXL'
);

CREATE TABLE field_visits (
    coop_id     VARCHAR NOT NULL,
    visit_id    INTEGER NOT NULL,
    fld_id      INTEGER NOT NULL,
    agro_cd     VARCHAR NOT NULL,       -- agronomist, e.g. 'AG-JL'
    visit_dt    DATE NOT NULL,
    visit_type  VARCHAR NOT NULL,       -- 'SCOUT', 'SOIL', 'CLAIM', 'PLAN'
    pest_obs    TINYINT NOT NULL        -- 1 = pest or disease observed
);
