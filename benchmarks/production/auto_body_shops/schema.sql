-- ============================================================================================
-- auto_body_shops: the warehouse of a collision-repair platform (DuckDB DDL for labelling)
--
-- Company: "PanelLine" sells shop-management software to collision-repair chains: estimating
-- and supplements, insurance claims with carriers and deductibles, repair orders with labour
-- and paint materials, parts ordering with OEM / aftermarket / recycled parts and returns,
-- rental cars, cycle time from drop-off to delivery and CSI surveys. Every chain is a tenant
-- of one shared Oracle warehouse, all tables keyed by tnt_id. The deployment here is tenant
-- 'KC-0417', Keystone Collision Group: Northside (101), Eastgate (102), Riverside (103),
-- Westfield (104, opened on 2026-03-02; training repair orders were keyed there in February
-- 2026 while the staff were onboarded) and Old Mill (105), closed on 2025-09-30 and
-- soft-deleted with its history kept. Other tenants in the warehouse: 'PX-0220' (Pinnacle
-- Auto Body) and 'RR-0388' (Ridgeway Refinish).
--
-- Warehouse: Oracle 19c (TRUNC(d, 'MM' | 'Q' | 'YYYY'), ADD_MONTHS, SYSDATE / CURRENT_DATE,
-- a DATE minus a DATE is a number of days, NVL, DECODE, CASE, EXTRACT, TO_CHAR, ROW_NUMBER()
-- OVER, FETCH FIRST n ROWS ONLY; no FILTER clause, no QUALIFY, no boolean columns: flags are
-- CHAR(1) 'Y' / 'N'; `/` never truncates). The agent writes dialect `oracle`.
-- Agent: `dent-sql`, versions 2.3, 2.4 and 2.5, deployed for tenant 'KC-0417'.
-- Log window: 2026-11-02 to 2026-11-27. The warehouse copy the agent reads is refreshed
-- monthly: it holds everything up to 2026-10-31 (nothing dated later except drop-offs
-- booked ahead (ro_sts 'SCHEDULED') and promise dates). So "last month" is October 2026,
-- "this quarter" Q4 2026 to date, "last quarter" July-September 2026, "ytd" / "this year"
-- 2026 to date, "last year" 2025, "same period last year" 2025-01-01 to the same day of 2025,
-- "last 6 months" the six whole months May-October 2026, "rn" / "right now" the state at
-- the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tnt_id = 'KC-0417'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `test_flg = 'N'` on customers (the onboarding profile 'Training Customer')
--     and repair_orders (training ROs keyed at Westfield in February 2026 and by a new
--     estimator at Northside in October 2026; they carry labour lines but never parts,
--     rentals or surveys);
--   * voids: `void_flg = 'N'` on estimates (an estimate written in error and re-written
--     carries void_flg = 'Y', whatever its status);
--   * soft deletes: `deleted_at IS NULL` on shops (the closed Old Mill, no rows after
--     September 2025), employees (profiles keyed twice; the duplicate has no work) and
--     customers (merged duplicates, their ROs moved to the surviving profile). These guards
--     matter where that table is the population counted or listed ("which shops ...",
--     "which techs ...").
--
-- Business conventions of the group (what a careful analyst would apply):
--   * repair_orders (RO): one row per repair job. ro_sts 'SCHEDULED' (drop-off booked, car
--     not arrived), 'NO_SHOW' (the customer never brought the car on sched_dt), 'CANCELLED'
--     (cancelled before or after drop-off: total losses, customer took the car away), 'WIP'
--     (in repair), 'READY' (repaired, waiting for pick-up) and 'DELIVERED' (handed back,
--     delivered_dt set). sched_dt is the booked drop-off day, dropoff_dt the day the car
--     actually arrived (NULL when it never did), promised_dt the delivery date promised to the
--     customer. pay_type 'INS' (insurance claim, claim_id set) or 'CP' (customer pay,
--     claim_id NULL). comeback_of_ro_id is set on a comeback (re-work) RO: it names the
--     original RO.
--   * amounts on repair_orders are in CENTS (BIGINT): labor_amt_c, paint_mat_amt_c (paint
--     and materials), parts_amt_c, sublet_amt_c; gross_amt_c is their sum, before tax
--     (tax_amt_c). Revenue / sales = SUM(gross_amt_c) / 100 (dollars) of DELIVERED ROs, dated
--     by delivered_dt. Severity = average gross per DELIVERED RO, in dollars.
--   * "cars in the shop" / WIP rn = ROs with ro_sts IN ('WIP', 'READY').
--   * cycle time ("keys to keys") = delivered_dt - dropoff_dt in days, for DELIVERED ROs,
--     dated by delivered_dt. On time = delivered_dt <= promised_dt; on-time % = on-time
--     DELIVERED ROs / DELIVERED ROs, as a percentage.
--   * no-shows = ROs with ro_sts = 'NO_SHOW', dated by sched_dt (cancellations apart).
--   * a customer "had an RO" when the car was dropped off (dropoff_dt set, in the period);
--     repeat customers = customers with two or more such ROs.
--   * estimates: est_type 'ORIG' (the original estimate, supp_no 0) or 'SUPP' (a supplement
--     written during the repair, supp_no 1, 2 ...); est_sts 'WRITTEN', 'APPROVED' (approved
--     by the carrier) or 'DECLINED'; customer-pay estimates stay 'WRITTEN'. ro_id is set when
--     the estimate became (or belongs to) a repair order. "Estimates written" = ORIG
--     estimates; close rate = ORIG estimates with ro_id set / ORIG estimates, by est_dt.
--     Approved estimate dollars = SUM(est_amt) of APPROVED estimates (ORIG and SUPP). The
--     supplement rate = share of DELIVERED insurance ROs with at least one SUPP estimate.
--   * claims: one row per insurance claim (claim_no is the carrier's number), dated by
--     fnol_dt (when it was reported to the carrier; "reported", "opened") or loss_dt (the
--     accident). claim_sts 'OPEN', 'APPROVED', 'DENIED', 'TOTAL_LOSS', 'CLOSED'.
--     deductible_amt is the customer's deductible in dollars: 0 when waived, NULL while the
--     carrier has not confirmed it (left out of averages).
--   * labor_lines: one row per labour operation flagged on an RO; labor_type 'BODY', 'PAINT',
--     'FRAME', 'MECH' or 'DETAIL'; flag_hrs are the flagged (billed) hours; tech_id is NULL
--     for hours flagged to the shop pool (detail and unassigned work). Dated by work_dt.
--     Techs = employees with role_cd 'BODY_TECH' or 'PAINTER'; active = term_dt IS NULL.
--     Paint materials per paint hour = SUM(paint_mat_amt_c) / 100 / SUM(PAINT flag_hrs) over
--     the same DELIVERED ROs.
--   * parts_lines: one row per part ordered for an RO; part_src 'OEM', 'AM' (aftermarket),
--     'USED' (recycled / LKQ) or 'REMAN' (remanufactured); cost = qty * unit_cost (dollars).
--     return_flg = 'Y' when the part went back to the vendor (return_dt set; return_rsn NULL
--     when no reason was keyed). Parts spend = cost of lines not returned; return rate =
--     returned lines / lines ordered, as a percentage, by ordered_dt.
--   * rentals: one row per rental contract (a car swapped mid-repair gives an RO two);
--     bill_to 'CARRIER', 'CUSTOMER' or 'SHOP'; rental days = end_dt - start_dt, dated by
--     end_dt (end_dt NULL while the rental is open).
--   * csi_surveys: one per DELIVERED RO, sent the day after delivery (sent_dt); resp_dt, the
--     CSAT score (csat_score, 1-5) and the likelihood to recommend (nps_score, 0-10) are NULL
--     until the customer answers. CSI / CSAT = AVG(csat_score) of answered surveys; NPS =
--     % promoters (9-10) - % detractors (0-6) of answered surveys; both dated by sent_dt.
-- ============================================================================================

CREATE TABLE shops (
    tnt_id        VARCHAR NOT NULL,
    shop_id       INTEGER NOT NULL,       -- unique across the platform
    shop_cd       VARCHAR NOT NULL,       -- e.g. 'NTH'
    shop_nm       VARCHAR NOT NULL,
    region_cd     VARCHAR NOT NULL,
    bay_cnt       SMALLINT NOT NULL,      -- repair bays
    paint_booth_cnt SMALLINT NOT NULL,
    opened_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP               -- closed and soft-deleted
);

CREATE TABLE employees (
    tnt_id        VARCHAR NOT NULL,
    emp_id        INTEGER NOT NULL,
    shop_id       INTEGER NOT NULL,       -- home shop
    emp_nm        VARCHAR NOT NULL,
    role_cd       VARCHAR NOT NULL,       -- 'ESTIMATOR', 'BODY_TECH', 'PAINTER', 'DETAILER', 'MANAGER'
    i_car_lvl     VARCHAR,                -- I-CAR level, NULL when none
    hourly_rt     DECIMAL(6,2) NOT NULL,
    hire_dt       DATE NOT NULL,
    term_dt       DATE,                   -- set for leavers
    deleted_at    TIMESTAMP               -- profile keyed twice
);

CREATE TABLE customers (
    tnt_id        VARCHAR NOT NULL,
    cust_id       INTEGER NOT NULL,
    cust_nm       VARCHAR NOT NULL,
    phone_no      VARCHAR,
    zip_cd        VARCHAR,
    created_dt    DATE NOT NULL,
    test_flg      CHAR(1) NOT NULL,       -- 'Y' / 'N'
    deleted_at    TIMESTAMP               -- merged duplicate
);

CREATE TABLE carriers (
    tnt_id        VARCHAR NOT NULL,
    carrier_id    INTEGER NOT NULL,
    carrier_nm    VARCHAR NOT NULL,
    drp_flg       CHAR(1) NOT NULL        -- 'Y': the group is on the carrier's direct repair program
);

CREATE TABLE claims (
    tnt_id        VARCHAR NOT NULL,
    claim_id      INTEGER NOT NULL,
    claim_no      VARCHAR NOT NULL,       -- the carrier's claim number
    carrier_id    INTEGER NOT NULL,
    cust_id       INTEGER NOT NULL,
    loss_dt       DATE NOT NULL,          -- the accident
    fnol_dt       DATE NOT NULL,          -- reported to the carrier
    deductible_amt DECIMAL(8,2),          -- dollars; 0 waived, NULL not yet confirmed
    claim_sts     VARCHAR NOT NULL        -- 'OPEN', 'APPROVED', 'DENIED', 'TOTAL_LOSS', 'CLOSED'
);

CREATE TABLE repair_orders (
    tnt_id        VARCHAR NOT NULL,
    ro_id         INTEGER NOT NULL,
    ro_no         VARCHAR NOT NULL,       -- e.g. 'NTH-26-0412'
    shop_id       INTEGER NOT NULL,
    cust_id       INTEGER NOT NULL,
    claim_id      INTEGER,                -- NULL on customer-pay ROs
    estimator_id  INTEGER NOT NULL,       -- emp_id
    pay_type      VARCHAR NOT NULL,       -- 'INS', 'CP'
    vin           VARCHAR NOT NULL,
    veh_yr        SMALLINT NOT NULL,
    veh_make      VARCHAR NOT NULL,
    ro_sts        VARCHAR NOT NULL,       -- 'SCHEDULED', 'NO_SHOW', 'CANCELLED', 'WIP', 'READY', 'DELIVERED'
    sched_dt      DATE NOT NULL,          -- booked drop-off day
    dropoff_dt    DATE,                   -- the car arrived; NULL if it never did
    promised_dt   DATE,                   -- promised delivery
    delivered_dt  DATE,                   -- handed back
    labor_amt_c   BIGINT NOT NULL,        -- cents
    paint_mat_amt_c BIGINT NOT NULL,      -- cents
    parts_amt_c   BIGINT NOT NULL,        -- cents
    sublet_amt_c  BIGINT NOT NULL,        -- cents
    gross_amt_c   BIGINT NOT NULL,        -- cents, before tax
    tax_amt_c     BIGINT NOT NULL,        -- cents
    comeback_of_ro_id INTEGER,            -- set on a comeback: the original RO
    test_flg      CHAR(1) NOT NULL        -- 'Y' / 'N'
);

CREATE TABLE estimates (
    tnt_id        VARCHAR NOT NULL,
    est_id        INTEGER NOT NULL,
    shop_id       INTEGER NOT NULL,
    estimator_id  INTEGER NOT NULL,       -- emp_id
    claim_id      INTEGER,                -- NULL on customer-pay estimates
    ro_id         INTEGER,                -- set when it became / belongs to an RO
    est_type      VARCHAR NOT NULL,       -- 'ORIG', 'SUPP'
    supp_no       SMALLINT NOT NULL,      -- 0 on ORIG
    est_dt        DATE NOT NULL,
    est_amt       DECIMAL(10,2) NOT NULL, -- dollars
    est_sts       VARCHAR NOT NULL,       -- 'WRITTEN', 'APPROVED', 'DECLINED'
    void_flg      CHAR(1) NOT NULL        -- 'Y' / 'N'
);

CREATE TABLE labor_lines (
    tnt_id        VARCHAR NOT NULL,
    line_id       BIGINT NOT NULL,
    ro_id         INTEGER NOT NULL,
    tech_id       INTEGER,                -- emp_id; NULL: shop pool
    labor_type    VARCHAR NOT NULL,       -- 'BODY', 'PAINT', 'FRAME', 'MECH', 'DETAIL'
    flag_hrs      DECIMAL(5,1) NOT NULL,
    work_dt       DATE NOT NULL
);

CREATE TABLE parts_lines (
    tnt_id        VARCHAR NOT NULL,
    part_line_id  BIGINT NOT NULL,
    ro_id         INTEGER NOT NULL,
    part_no       VARCHAR NOT NULL,
    part_desc     VARCHAR NOT NULL,
    part_src      VARCHAR NOT NULL,       -- 'OEM', 'AM', 'USED', 'REMAN'
    vendor_nm     VARCHAR NOT NULL,
    qty           SMALLINT NOT NULL,
    unit_cost     DECIMAL(9,2) NOT NULL,  -- dollars
    ordered_dt    DATE NOT NULL,
    received_dt   DATE,
    return_flg    CHAR(1) NOT NULL,       -- 'Y' / 'N'
    return_dt     DATE,
    return_rsn    VARCHAR                 -- 'WRONG_PART', 'DAMAGED', 'NOT_NEEDED'; NULL when not keyed
);

CREATE TABLE rentals (
    tnt_id        VARCHAR NOT NULL,
    rental_id     INTEGER NOT NULL,
    ro_id         INTEGER NOT NULL,
    rental_vendor VARCHAR NOT NULL,
    start_dt      DATE NOT NULL,
    end_dt        DATE,                   -- NULL while open
    daily_rt      DECIMAL(6,2) NOT NULL,
    bill_to       VARCHAR NOT NULL        -- 'CARRIER', 'CUSTOMER', 'SHOP'
);

CREATE TABLE csi_surveys (
    tnt_id        VARCHAR NOT NULL,
    survey_id     INTEGER NOT NULL,
    ro_id         INTEGER NOT NULL,
    sent_dt       DATE NOT NULL,
    resp_dt       DATE,                   -- NULL until answered
    csat_score    SMALLINT,               -- 1-5
    nps_score     SMALLINT                -- 0-10
);
