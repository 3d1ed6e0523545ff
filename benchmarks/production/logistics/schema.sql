-- Logistics domain: the transportation and warehouse management warehouse of a 3PL software
-- platform, as used by one 3PL on it (company 42, "Bluewater 3PL"). Operations and account
-- managers ask a text-to-SQL agent about shipments, carriers, warehouses, inventory and
-- delivery exceptions.
--
-- Warehouse:  SQL Server (sqlglot dialect `tsql`), database `tms`, schema `dbo`; agents write
--             dbo.shipments, [dbo].[shipments] or shipments. Flags are BIT (0/1).
-- Guards:     tenant: `company_id = 42` on every table of every query (ids are global
--             identities, so a join on an id stays inside the company once one side is scoped);
--             test data: EDI integration-test shipments and the test customer account have
--             is_test = 1 and are left out of every figure (`is_test = 0` on shipments, and on
--             customers when customers are listed). Test shipments are never picked up, so legs,
--             exceptions and inventory need no test guard.
-- Agent:      freight-assistant, versions 2024.08, 2024.09, 2024.10.
-- Log window: 2024-09-02 to 2024-09-27 (relative dates are read against each record's timestamp).
--
-- Conventions the operations team uses:
--   status_cd      BK booked (not picked up yet), IT in transit (picked up), DL delivered,
--                  CX cancelled. Backlog = booked shipments not yet picked up (status_cd = 'BK').
--   dates          booked = created_at; shipped / went out = pickup_at; delivered = delivered_at;
--                  a shipment "in" a period without a verb is dated by its ship date (pickup_at).
--   revenue        SUM(freight_chrg_usd) of shipments by ship date (cancelled shipments never
--                  ship); gross margin = freight_chrg_usd - carrier_cost_usd; margin % =
--                  100 * SUM(margin) / SUM(freight_chrg_usd).
--   on time        a delivered shipment whose delivery date CAST(delivered_at AS DATE) is on or
--                  before promised_dt; on-time rate = on-time / delivered, dated by delivered_at.
--                  Late = delivered after promised_dt; days late = DATEDIFF(day, promised_dt,
--                  delivered_at).
--   transit time   pickup_at -> delivered_at (elapsed; days = hours / 24), over shipments
--                  delivered in the period.
--   dwell time     ready_at -> pickup_at at the origin warehouse (freight waiting on the dock).
--   lane           origin warehouse -> destination state.
--   damage claims  delivery_exceptions with exc_type = 'DAMAGE' (claim_amt_usd NULL until the
--                  claim is assessed); unresolved = resolved_at IS NULL.
--   carrier mode   carriers.mode_cd: TL truckload, LTL less than truckload, PCL parcel,
--                  INT intermodal. Cost per mile = SUM(leg_cost_usd) / SUM(leg_miles).
--   inventory      mvmt_type RCV received from suppliers, PICK picked for an order, XFER_IN /
--                  XFER_OUT transfers between warehouses, RTN customer returns, ADJ count
--                  adjustments (qty signed). Units received = SUM(qty) of RCV.
--   Period words   "March", "Q1", "Q2": the latest such period before the record's date;
--                  "this month", "this quarter", "this year", "ytd": to date.

CREATE TABLE customers (
    company_id   INTEGER NOT NULL,
    cust_id      INTEGER NOT NULL PRIMARY KEY,
    cust_nm      VARCHAR NOT NULL,
    segment      VARCHAR,               -- Retail, Manufacturing, E-commerce, Healthcare
    acct_status  CHAR(1) NOT NULL,      -- A active, S suspended, C closed
    is_test      TINYINT NOT NULL,      -- 1: internal test account
    created_dt   DATE
);

CREATE TABLE carriers (
    company_id   INTEGER NOT NULL,
    carrier_id   INTEGER NOT NULL PRIMARY KEY,
    carrier_nm   VARCHAR NOT NULL,
    scac         VARCHAR,
    mode_cd      VARCHAR NOT NULL,      -- TL, LTL, PCL, INT
    is_active    TINYINT NOT NULL
);

CREATE TABLE warehouses (
    company_id        INTEGER NOT NULL,
    wh_id             INTEGER NOT NULL PRIMARY KEY,
    wh_cd             VARCHAR NOT NULL,  -- DAL1, ATL2, RNO1, NJ01, CHI3 ...
    wh_nm             VARCHAR,
    city              VARCHAR,
    state_cd          CHAR(2),
    region            VARCHAR,           -- West, Central, East
    capacity_pallets  INTEGER,
    opened_dt         DATE,
    is_active         TINYINT NOT NULL
);

CREATE TABLE shipments (
    company_id        INTEGER NOT NULL,
    shipment_id       INTEGER NOT NULL PRIMARY KEY,
    shipment_no       VARCHAR NOT NULL,  -- e.g. BW-2409-00123
    cust_id           INTEGER NOT NULL,
    carrier_id        INTEGER,           -- NULL until a carrier is tendered
    origin_wh_id      INTEGER NOT NULL,
    dest_city         VARCHAR,
    dest_state        CHAR(2),
    service_lvl       VARCHAR NOT NULL,  -- STD, EXP (expedited), ECON
    status_cd         CHAR(2) NOT NULL,  -- BK, IT, DL, CX
    created_at        TIMESTAMP NOT NULL,   -- booked
    ready_at          TIMESTAMP,            -- freight ready on the origin dock
    pickup_at         TIMESTAMP,            -- picked up by the carrier (shipped)
    promised_dt       DATE,
    delivered_at      TIMESTAMP,
    cancelled_at      TIMESTAMP,
    weight_kg         DECIMAL(10, 2),
    pallet_cnt        INTEGER,
    freight_chrg_usd  DECIMAL(12, 2),    -- billed to the customer
    carrier_cost_usd  DECIMAL(12, 2),    -- paid to carriers
    is_hazmat         TINYINT NOT NULL,
    is_test           TINYINT NOT NULL
);

CREATE TABLE shipment_legs (
    company_id    INTEGER NOT NULL,
    leg_id        INTEGER NOT NULL PRIMARY KEY,
    shipment_id   INTEGER NOT NULL,
    leg_seq       INTEGER NOT NULL,
    carrier_id    INTEGER NOT NULL,
    from_loc      VARCHAR,
    to_loc        VARCHAR,
    depart_at     TIMESTAMP,
    arrive_at     TIMESTAMP,
    leg_miles     DECIMAL(10, 1),
    leg_cost_usd  DECIMAL(12, 2)
);

CREATE TABLE inventory_movements (
    company_id  INTEGER NOT NULL,
    mvmt_id     BIGINT NOT NULL PRIMARY KEY,
    wh_id       INTEGER NOT NULL,
    sku         VARCHAR NOT NULL,
    mvmt_type   VARCHAR NOT NULL,       -- RCV, PICK, XFER_IN, XFER_OUT, RTN, ADJ
    qty         INTEGER NOT NULL,
    mvmt_ts     TIMESTAMP NOT NULL,
    shipment_id INTEGER
);

CREATE TABLE delivery_exceptions (
    company_id     INTEGER NOT NULL,
    exc_id         INTEGER NOT NULL PRIMARY KEY,
    shipment_id    INTEGER NOT NULL,
    exc_type       VARCHAR NOT NULL,    -- DAMAGE, LATE, LOST, REFUSED, ADDR
    reported_at    TIMESTAMP NOT NULL,
    claim_amt_usd  DECIMAL(12, 2),      -- DAMAGE / LOST claims; NULL until assessed
    resolved_at    TIMESTAMP,
    notes          VARCHAR
);
