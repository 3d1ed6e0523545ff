-- Pharmacy domain: the retail and prescriptions warehouse of a pharmacy group whose banners share
-- the same tables (WELL "Wellway Pharmacy", CARE "CareMart Drug", VITA "Vita Apothecary"). The
-- deployment is Wellway's: pharmacy operations, category and loyalty managers ask a text-to-SQL
-- agent about prescriptions and fills, prescribers, insurance claims and rejections, front-store
-- (POS) sales and baskets, inventory and stock-outs, loyalty members and vaccinations.
--
-- Warehouse:  SQL Server (sqlglot dialect `tsql`), database `rxdw`, schema `dbo`; agents write
--             dbo.rx_fills, [dbo].[rx_fills] or rx_fills. Flags are BIT (0/1).
-- Guards:     banner: `banner_cd = 'WELL'` on every table of every query (row-level security
--             of the group's warehouse; ids are global identities, so a join on an id stays in
--             the banner once one side is scoped);
--             training: the training store (store 109, used to onboard technicians and cashiers)
--             has is_training = 1, and so has every fill, POS transaction and vaccination keyed
--             there; `is_training = 0` on stores, rx_fills, pos_txn and vaccinations;
--             voids: voided POS transactions (`void_flg = 1`, lines included) are left out of
--             every front-store figure (`void_flg = 0` on pos_txn).
--             Training fills are never billed and the training store keeps no inventory, so
--             claims and inv_daily need no training guard; pos_lines and prescriptions take
--             their guards from the pos_txn / rx_fills they join.
-- Agent:      rx-analyst, versions 3.4, 3.5, 4.0.
-- Log window: 2025-06-02 to 2025-06-27 (relative dates are read against each record's
--             timestamp; the warehouse is loaded through 2025-06-01).
--
-- Conventions the pharmacy and retail teams use:
--   fills / scripts   a script is counted when its fill is sold (picked up): fill_status = 'SOLD';
--                     RTS = filled but never picked up, returned to stock; CAN cancelled before
--                     filling; WIP in process. A fill is dated by fill_dt (the day it was
--                     filled), never by picked_up_at. New script = fill_nbr = 0, refill =
--                     fill_nbr >= 1. The dispensing store is rx_fills.store_id
--                     (prescriptions.store_id is the store that first received the
--                     prescription; transferred prescriptions are filled elsewhere).
--   dispensed drug    rx_fills.drug_id (after generic substitution); prescriptions.drug_id is
--                     what was written. Generic dispensing rate (GDR) = 100 * sold fills of a
--                     generic (drugs.is_generic = 1, dispensed drug) / sold fills.
--   rx revenue        SUM(copay_amt + plan_paid_amt) of sold fills; rx gross margin = revenue -
--                     acq_cost_amt; margin % = 100 * SUM(margin) / SUM(revenue).
--   payer type        plans.payer_type of rx_fills.plan_id (COMM, MCARE, MCAID); a fill with no
--                     plan (plan_id NULL) is a cash fill, payer type 'CASH'.
--   claims            one row per adjudication attempt (a fill rejected then resubmitted has
--                     several); claim_status P paid, R rejected, X reversed; dated by
--                     submitted_at. Rejection rate = 100 * R / (P + R); reversals are not
--                     adjudications and stay out. reject_cd: NCPDP codes ('79' refill too soon,
--                     '75' prior authorization required, '70' product not covered, '76' plan
--                     limits exceeded, '41' submit to primary payer).
--   abandonment       100 * RTS / (SOLD + RTS), fills dated by fill_dt.
--   time to pickup    ready_at -> picked_up_at of sold fills (hours = minutes / 60.0).
--   controlled        drugs.dea_schedule IS NOT NULL; CII = dea_schedule = 'II'.
--   front store       pos_txn txn_type 'S' sale, 'R' return (total_amt positive in both). Sales
--                     = SUM(total_amt) of sales; returns = SUM(total_amt) of returns; net sales =
--                     sales - returns; return rate = 100 * returns / sales ($). A basket is a sale
--                     transaction: avg basket = AVG(total_amt) of sales; units per basket =
--                     SUM(pos_lines.qty) / COUNT(DISTINCT txn_id) over sales. Units sold of a SKU
--                     = SUM(qty) of sale lines. pos_lines.line_amt = qty * unit_price - disc_amt.
--   loyalty           a member's purchases carry pos_txn.loyalty_id; active member =
--                     member_status = 'A' ('C' closed); loyalty share = 100 * member sales $ /
--                     sales $. Signups dated by enrolled_dt.
--   stock-outs        a stock-out day is an inv_daily row (store, sku, day) with on_hand_qty = 0.
--   vaccinations      dated by admin_ts; store_id NULL for off-site community clinics (counted in
--                     totals, in no store).
--   Period words      "last month", "last quarter", "last year": the previous calendar period;
--                     "this month", "this year", "ytd", "mtd": to date; "q1", "april": of 2025.

CREATE TABLE regions (
    banner_cd     VARCHAR NOT NULL,
    region_id     INTEGER NOT NULL PRIMARY KEY,
    region_nm     VARCHAR NOT NULL
);

CREATE TABLE stores (
    banner_cd     VARCHAR NOT NULL,
    store_id      INTEGER NOT NULL PRIMARY KEY,
    store_nbr     VARCHAR NOT NULL,
    store_nm      VARCHAR NOT NULL,
    region_id     INTEGER NOT NULL,
    state_cd      VARCHAR NOT NULL,
    open_dt       DATE NOT NULL,
    close_dt      DATE,
    has_clinic    TINYINT NOT NULL,      -- 1: immunizing pharmacist / clinic room
    is_training   TINYINT NOT NULL
);

CREATE TABLE prescribers (
    banner_cd     VARCHAR NOT NULL,
    prescriber_id INTEGER NOT NULL PRIMARY KEY,
    npi           VARCHAR NOT NULL,
    prescriber_nm VARCHAR NOT NULL,
    specialty     VARCHAR,               -- Family Medicine, Internal Medicine, Pain Management, ...
    state_cd      VARCHAR
);

CREATE TABLE patients (
    banner_cd     VARCHAR NOT NULL,
    patient_id    INTEGER NOT NULL PRIMARY KEY,
    birth_dt      DATE,
    gender_cd     CHAR(1),
    zip_cd        VARCHAR,
    loyalty_id    VARCHAR                -- NULL: not a loyalty member
);

CREATE TABLE drugs (
    banner_cd     VARCHAR NOT NULL,
    drug_id       INTEGER NOT NULL PRIMARY KEY,
    ndc           VARCHAR NOT NULL,
    drug_nm       VARCHAR NOT NULL,      -- product name with strength
    generic_nm    VARCHAR NOT NULL,
    is_generic    TINYINT NOT NULL,
    dea_schedule  VARCHAR,               -- 'II'..'V'; NULL: not controlled
    ther_class    VARCHAR NOT NULL       -- therapeutic class
);

CREATE TABLE plans (
    banner_cd     VARCHAR NOT NULL,
    plan_id       INTEGER NOT NULL PRIMARY KEY,
    plan_nm       VARCHAR NOT NULL,
    payer_type    VARCHAR NOT NULL,      -- COMM, MCARE, MCAID
    pbm_nm        VARCHAR
);

CREATE TABLE prescriptions (
    banner_cd     VARCHAR NOT NULL,
    rx_id         INTEGER NOT NULL PRIMARY KEY,
    rx_nbr        VARCHAR NOT NULL,
    patient_id    INTEGER NOT NULL,
    prescriber_id INTEGER NOT NULL,
    store_id      INTEGER NOT NULL,      -- store that received the prescription
    drug_id       INTEGER NOT NULL,      -- drug as written
    written_dt    DATE NOT NULL,
    refills_auth  INTEGER NOT NULL,
    rx_status     CHAR(1) NOT NULL       -- A active, I inactive (expired / no refills), T transferred out
);

CREATE TABLE rx_fills (
    banner_cd     VARCHAR NOT NULL,
    fill_id       INTEGER NOT NULL PRIMARY KEY,
    rx_id         INTEGER NOT NULL,
    store_id      INTEGER NOT NULL,      -- dispensing store
    drug_id       INTEGER NOT NULL,      -- dispensed drug
    plan_id       INTEGER,               -- NULL: cash
    fill_nbr      INTEGER NOT NULL,      -- 0 original fill, 1.. refills
    fill_dt       DATE NOT NULL,
    ready_at      TIMESTAMP,
    picked_up_at  TIMESTAMP,
    qty_dispensed DECIMAL(10,2) NOT NULL,
    days_supply   INTEGER NOT NULL,
    fill_status   VARCHAR NOT NULL,      -- SOLD, RTS, CAN, WIP
    copay_amt     DECIMAL(10,2) NOT NULL,
    plan_paid_amt DECIMAL(10,2) NOT NULL,
    acq_cost_amt  DECIMAL(10,2) NOT NULL,
    is_training   TINYINT NOT NULL
);

CREATE TABLE claims (
    banner_cd     VARCHAR NOT NULL,
    claim_id      INTEGER NOT NULL PRIMARY KEY,
    fill_id       INTEGER NOT NULL,
    plan_id       INTEGER NOT NULL,
    submitted_at  TIMESTAMP NOT NULL,
    claim_status  CHAR(1) NOT NULL,      -- P paid, R rejected, X reversed
    reject_cd     VARCHAR,               -- NCPDP reject code when R
    paid_amt      DECIMAL(10,2)
);

CREATE TABLE products (
    banner_cd     VARCHAR NOT NULL,
    sku           VARCHAR NOT NULL PRIMARY KEY,
    product_nm    VARCHAR NOT NULL,
    category      VARCHAR NOT NULL,      -- OTC, Beauty, Personal Care, Grocery, Seasonal, Baby
    is_private_label TINYINT NOT NULL,
    list_price    DECIMAL(10,2) NOT NULL
);

CREATE TABLE loyalty_members (
    banner_cd     VARCHAR NOT NULL,
    loyalty_id    VARCHAR NOT NULL PRIMARY KEY,
    enrolled_dt   DATE NOT NULL,
    tier          VARCHAR NOT NULL,      -- BASIC, PLUS
    home_store_id INTEGER,
    member_status CHAR(1) NOT NULL,      -- A active, C closed
    email_optin   TINYINT NOT NULL
);

CREATE TABLE pos_txn (
    banner_cd     VARCHAR NOT NULL,
    txn_id        BIGINT NOT NULL PRIMARY KEY,
    store_id      INTEGER NOT NULL,
    register_nbr  INTEGER NOT NULL,
    txn_ts        TIMESTAMP NOT NULL,
    txn_type      CHAR(1) NOT NULL,      -- S sale, R return
    loyalty_id    VARCHAR,               -- NULL: no loyalty card scanned
    tender_cd     VARCHAR NOT NULL,      -- CASH, CARD, HSA, GIFT
    total_amt     DECIMAL(10,2) NOT NULL,
    void_flg      TINYINT NOT NULL,
    is_training   TINYINT NOT NULL
);

CREATE TABLE pos_lines (
    banner_cd     VARCHAR NOT NULL,
    txn_id        BIGINT NOT NULL,
    line_nbr      INTEGER NOT NULL,
    sku           VARCHAR NOT NULL,
    qty           INTEGER NOT NULL,
    unit_price    DECIMAL(10,2) NOT NULL,
    disc_amt      DECIMAL(10,2) NOT NULL,
    line_amt      DECIMAL(10,2) NOT NULL,
    PRIMARY KEY (txn_id, line_nbr)
);

CREATE TABLE inv_daily (
    banner_cd     VARCHAR NOT NULL,
    snap_dt       DATE NOT NULL,
    store_id      INTEGER NOT NULL,
    sku           VARCHAR NOT NULL,
    on_hand_qty   INTEGER NOT NULL,
    PRIMARY KEY (snap_dt, store_id, sku)
);

CREATE TABLE vaccinations (
    banner_cd     VARCHAR NOT NULL,
    vax_id        INTEGER NOT NULL PRIMARY KEY,
    store_id      INTEGER,               -- NULL: off-site community clinic
    patient_id    INTEGER NOT NULL,
    vaccine_cd    VARCHAR NOT NULL,      -- FLU, COVID, SHINGLES, RSV, TDAP, PNEUMO
    admin_ts      TIMESTAMP NOT NULL,
    plan_id       INTEGER,
    is_training   TINYINT NOT NULL
);
