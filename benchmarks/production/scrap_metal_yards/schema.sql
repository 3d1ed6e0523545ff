-- ============================================================================================
-- scrap_metal_yards: the warehouse of a scrap-metal recycling yard platform (DuckDB DDL for
-- labelling)
--
-- Company: "YardLedger" sells scale-house ticketing, price boards, seller ID capture, cash-card
-- kiosks and outbound-shipment software to scrap-metal recyclers. Every recycling company is a
-- tenant of one shared Postgres warehouse, all tables keyed by co_id (ids are unique across the
-- platform). The deployment here is co_id = 27, Keystone Metals Recycling (Pennsylvania), with
-- yards in Harrisburg (HBG), Allentown (ALN), Reading (RDG), York (YRK, opened 2026-03-02, a
-- non-ferrous counter that takes steel only by appointment) and Lancaster (LNC, closed on
-- 2025-08-29 and soft-deleted, its 2025 history kept, its scales taken out of service). Other
-- tenants in the warehouse: co_id 31 (Gulf Coast Salvage) and co_id 44 (Prairie Iron & Metal).
--
-- Warehouse: Postgres 15 (date_trunc, INTERVAL '1 month', CURRENT_DATE, ::date casts, date -
-- date = integer days, EXTRACT, to_char, FILTER (WHERE ...), DISTINCT ON; `/` between integers
-- truncates). Flags are CHAR(1) 'Y'/'N' (void_flg, in_svc_flg) or BOOLEAN (is_test,
-- is_regulated). Money on tickets and payouts is in integer cents (line_amt_cents,
-- amount_cents); prices are dollars per pound (price_lb, settle_price_lb); weights are whole
-- pounds. The agent writes dialect `postgres`.
-- Agent: `ferrous-sql`, versions 3.4, 3.5 and 3.6, deployed for co_id 27.
-- Log window: 2026-11-02 to 2026-11-24. The analytics warehouse is the month-end close snapshot,
-- loaded up to 2026-10-31 23:59 (November's rows arrive with the November close): nothing is
-- dated after 2026-10-31. So "last month" is October 2026, "last quarter" July-September 2026,
-- "ytd" / "this year" 2026 to date, "last year" 2025, "same period last year" 2025-01-01 to
-- today's date a year ago (inclusive), "last 90 days" the rolling 90 days back from today
-- (in_ts >= current_date - 90 days), "rn" / "right now" / "currently" the state at the load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 27` on every table of every query (row policy);
--   * test rows: `is_test = false` on tickets (scale-calibration tickets rung by the certified
--     weighmaster on the truck scales, and scale-house training tickets; training tickets get
--     training cash cards, i.e. payouts rows) and on sellers (the 'SCALE TEST' and 'TRAINING
--     WALK-IN' profiles). Payouts carry no test flag: training payouts are excluded only through
--     tickets (join tickets and keep is_test = false);
--   * voids: `void_flg = 'N'` on tickets (duplicate tickets, wrong grade re-rung, seller walked
--     off, and tickets voided when the police seized the material) and on payouts (cash cards
--     cancelled and checks voided, each reissued as a new payouts row when money was owed). A
--     voided ticket's payouts are voided with it;
--   * soft deletes: `deleted_at IS NULL` on yards (the closed Lancaster yard) and sellers
--     (merged duplicate seller profiles, whose tickets were moved to the surviving profile).
--     These matter where that table is the population counted or listed ("which yards ...",
--     "how many new sellers ...", "which accounts ...").
--
-- Business conventions of Keystone Metals (what a careful analyst would apply):
--   * tickets: one row per scale ticket (a seller's visit). in_ts is the weigh-in, out_ts the
--     weigh-out (NULL while the ticket is OPEN). gross_lb is the weigh-in weight and tare_lb the
--     weigh-out weight of the truck (truck scales) or of the container (floor scales); their
--     difference is the scale weight before deductions. ticket_status 'OPEN' (weighed in, not
--     yet out, no lines yet), 'HELD' (an OPEN compliance hold, not paid) or 'PAID'; a voided
--     ticket keeps the status it was voided in (OPEN before payout, HELD when seized). Tickets
--     are dated by in_ts. "Tickets" = non-void, non-test tickets, OPEN ones included. scale_id is
--     NULL on tickets keyed by hand while a scale's indicator feed was down.
--   * ticket_lines: one row per material grade on a ticket. net_lb is the paid weight (after
--     deduct_lb for dirt, attachments, moisture); pc_cnt is the number of pieces for catalytic
--     converters (NULL for other grades); price_lb the price paid per pound;
--     line_amt_cents = net_lb * price_lb in cents. "Purchases" / "bought" / "spend on material"
--     = SUM(line_amt_cents) / 100 in dollars, and "pounds bought" / "lbs" = SUM(net_lb), of the
--     lines of non-void, non-test tickets, dated by the ticket's in_ts, held tickets included.
--     "Cats" / "catalytic converters bought" = SUM(pc_cnt) of CATALYTIC lines (pieces, not
--     lines). "Avg price per lb" = dollars / pounds (weighted by weight), never AVG(price_lb).
--     "Ticket value" = the ticket's purchase total (SUM of its lines).
--   * grades: grade_cd e.g. 'CU1' (#1 Copper), 'CU2' (#2 Copper), 'INSW' (insulated copper
--     wire), 'ALC' (aluminum cans); metal_family 'COPPER', 'BRASS', 'ALUMINUM', 'STAINLESS',
--     'STEEL', 'CATALYTIC'; category 'NONFERROUS', 'FERROUS', 'CATALYTIC'. "Copper #1" is
--     grade CU1 only. "Steel" = metal_family 'STEEL'; "aluminum" = metal_family 'ALUMINUM'.
--   * posted_prices: the price board, one row per yard, grade and posting day (yards post on
--     business days, not every day); a posted price holds until the next posting. The
--     "current" posted price is the row with the latest price_dt on or before today.
--   * sellers: seller_type 'IND' (walk-in individuals, with a government ID on file: id_type,
--     id_exp_dt) or 'COM' (commercial accounts, with acct_no; id fields NULL). "Walk-ins" =
--     IND, "commercial" / "accounts" = COM. created_dt is when the profile was opened ("new
--     sellers" by created_dt). A ticket sold on an expired ID = an IND seller whose id_exp_dt
--     is before the ticket's date (the ID as it stood at the sale, not as of today).
--     "Active" sellers in a period = distinct sellers with a non-void, non-test ticket in it.
--   * payouts: one row per cash card or check issued for a ticket; pay_method 'CASH_CARD'
--     (kiosk cash card, at most $2,500 a ticket by state law), 'CHECK' or 'ACH' (commercial
--     accounts). A ticket can have several payouts: a walk-in over $2,500 gets a cash card for
--     $2,500 and a check for the rest, and a voided check is reissued as a new row. "Paid out"
--     / "payouts" = SUM(amount_cents) / 100 of non-void payouts of non-test tickets, dated by
--     issued_ts; "number of payouts" counts those rows. Held tickets are paid at release.
--   * compliance_holds: regulated items (catalytic converters from walk-ins by state law,
--     burnt or utility-marked wire, police requests) put the ticket on hold; hold_rsn
--     'CAT_CONV', 'BURNT_WIRE', 'UTILITY_MARK', 'POLICE_REQ'. hold_status 'OPEN', 'RELEASED'
--     (paid out at closed_ts) or 'SEIZED' (material taken by the police at closed_ts, ticket
--     voided). A ticket can carry two holds. "Tickets on hold" rn = distinct tickets with an
--     OPEN hold (the same tickets as ticket_status 'HELD'). "Days to release" =
--     closed_ts::date - placed_ts::date of RELEASED holds, dated by placed_ts.
--   * mills: the buyers (steel mills, foundries, refiners, brokers); terms_days is the
--     contract's settlement term.
--   * outbound_loads: one row per outbound load (truck or container) sold to a mill.
--     ship_lb is our scale weight at shipping; settle_lb the mill's weight and
--     settle_price_lb its price per pound, set when the mill settles. load_status 'SHIPPED'
--     (awaiting settlement), 'SETTLED' (settle_dt set) or 'REJECTED' (the mill turned the load
--     away; it came back, never counted as shipped). "Pounds shipped" = SUM(ship_lb) of loads
--     not REJECTED, dated by ship_dt. "Mill revenue" / "revenue" / "sales" =
--     SUM(settle_lb * settle_price_lb) of SETTLED loads, dated by settle_dt. "Shrink" = weight
--     lost between our scale and the mill's, SUM(ship_lb - settle_lb) / SUM(ship_lb) of
--     SETTLED loads, as a percentage, dated by ship_dt. A load settled late = settle_dt -
--     ship_dt > the mill's terms_days; "unsettled" = load_status 'SHIPPED'.
--   * scales: scale_type 'TRUCK' or 'FLOOR'; in_svc_flg 'N' for scales taken out of service;
--     cert_dt the last state certification.
-- ============================================================================================

CREATE TABLE yards (
    co_id          INTEGER NOT NULL,
    yard_id        INTEGER NOT NULL,      -- unique across the platform
    yard_cd        VARCHAR NOT NULL,      -- e.g. 'HBG'
    yard_nm        VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state_cd       CHAR(2) NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE scales (
    co_id          INTEGER NOT NULL,
    scale_id       INTEGER NOT NULL,
    yard_id        INTEGER NOT NULL,
    scale_nm       VARCHAR NOT NULL,      -- e.g. 'HBG-T1'
    scale_type     VARCHAR NOT NULL,      -- 'TRUCK', 'FLOOR'
    cap_lb         INTEGER NOT NULL,
    cert_dt        DATE NOT NULL,         -- last state certification
    installed_dt   DATE NOT NULL,
    in_svc_flg     CHAR(1) NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE sellers (
    co_id          INTEGER NOT NULL,
    seller_id      INTEGER NOT NULL,
    seller_type    VARCHAR NOT NULL,      -- 'IND' walk-in individual, 'COM' commercial account
    seller_nm      VARCHAR NOT NULL,
    acct_no        VARCHAR,               -- commercial accounts only
    id_type        VARCHAR,               -- 'DL', 'STATE_ID', 'PASSPORT'; NULL for COM
    id_exp_dt      DATE,                  -- NULL for COM
    home_yard_id   INTEGER,               -- NULL when never set
    created_dt     DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate profile
);

CREATE TABLE grades (
    co_id          INTEGER NOT NULL,
    grade_id       INTEGER NOT NULL,
    grade_cd       VARCHAR NOT NULL,      -- 'CU1', 'CU2', 'INSW', 'BRS', 'ALC', 'ALS', 'ALX', 'SS', 'HMS', 'PS', 'SHR', 'CATO', 'CATA'
    grade_nm       VARCHAR NOT NULL,      -- e.g. '#1 Copper'
    metal_family   VARCHAR NOT NULL,      -- 'COPPER', 'BRASS', 'ALUMINUM', 'STAINLESS', 'STEEL', 'CATALYTIC'
    category       VARCHAR NOT NULL,      -- 'NONFERROUS', 'FERROUS', 'CATALYTIC'
    is_regulated   BOOLEAN NOT NULL       -- state-regulated item (catalytic converters)
);

CREATE TABLE posted_prices (
    co_id          INTEGER NOT NULL,
    yard_id        INTEGER NOT NULL,
    grade_id       INTEGER NOT NULL,
    price_dt       DATE NOT NULL,         -- posting day; holds until the next posting
    price_lb       DECIMAL(8,3) NOT NULL  -- posted buy price, dollars per pound
);

CREATE TABLE tickets (
    co_id          INTEGER NOT NULL,
    ticket_id      BIGINT NOT NULL,
    ticket_no      VARCHAR NOT NULL,      -- printed number, e.g. 'HBG-260412'
    yard_id        INTEGER NOT NULL,
    scale_id       INTEGER,               -- NULL when keyed by hand (indicator feed down)
    seller_id      INTEGER NOT NULL,
    in_ts          TIMESTAMP NOT NULL,    -- weigh-in
    out_ts         TIMESTAMP,             -- weigh-out; NULL while OPEN
    gross_lb       INTEGER NOT NULL,      -- weigh-in weight
    tare_lb        INTEGER,               -- weigh-out weight; NULL while OPEN
    veh_plate      VARCHAR,
    ticket_status  VARCHAR NOT NULL,      -- 'OPEN', 'HELD', 'PAID' (a voided ticket keeps the status it was voided in)
    void_flg       CHAR(1) NOT NULL,      -- 'Y' voided
    void_ts        TIMESTAMP,
    void_rsn       VARCHAR,               -- 'DUP_TICKET', 'WRONG_GRADE', 'SELLER_WALKED', 'SEIZED'
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE ticket_lines (
    co_id          INTEGER NOT NULL,
    line_id        BIGINT NOT NULL,
    ticket_id      BIGINT NOT NULL,
    grade_id       INTEGER NOT NULL,
    net_lb         INTEGER NOT NULL,      -- paid weight, after deductions
    deduct_lb      INTEGER NOT NULL,      -- dirt, attachments, moisture
    pc_cnt         INTEGER,               -- pieces, catalytic converters only
    price_lb       DECIMAL(8,3) NOT NULL, -- dollars per pound paid
    line_amt_cents BIGINT NOT NULL        -- net_lb * price_lb, in cents
);

CREATE TABLE payouts (
    co_id          INTEGER NOT NULL,
    payout_id      BIGINT NOT NULL,
    ticket_id      BIGINT NOT NULL,
    pay_method     VARCHAR NOT NULL,      -- 'CASH_CARD', 'CHECK', 'ACH'
    amount_cents   BIGINT NOT NULL,
    issued_ts      TIMESTAMP NOT NULL,
    check_no       VARCHAR,               -- CHECK only
    void_flg       CHAR(1) NOT NULL       -- 'Y' cancelled / voided
);

CREATE TABLE compliance_holds (
    co_id          INTEGER NOT NULL,
    hold_id        INTEGER NOT NULL,
    ticket_id      BIGINT NOT NULL,
    hold_rsn       VARCHAR NOT NULL,      -- 'CAT_CONV', 'BURNT_WIRE', 'UTILITY_MARK', 'POLICE_REQ'
    placed_ts      TIMESTAMP NOT NULL,
    closed_ts      TIMESTAMP,             -- released or seized; NULL while OPEN
    hold_status    VARCHAR NOT NULL,      -- 'OPEN', 'RELEASED', 'SEIZED'
    officer_badge  VARCHAR                -- POLICE_REQ and SEIZED only
);

CREATE TABLE mills (
    co_id          INTEGER NOT NULL,
    mill_id        INTEGER NOT NULL,
    mill_nm        VARCHAR NOT NULL,
    mill_type      VARCHAR NOT NULL,      -- 'STEEL_MILL', 'FOUNDRY', 'REFINER', 'BROKER'
    terms_days     INTEGER NOT NULL       -- contract settlement term
);

CREATE TABLE outbound_loads (
    co_id           INTEGER NOT NULL,
    load_id         INTEGER NOT NULL,
    yard_id         INTEGER NOT NULL,
    mill_id         INTEGER NOT NULL,
    grade_id        INTEGER NOT NULL,
    bol_no          VARCHAR NOT NULL,
    ship_dt         DATE NOT NULL,
    ship_lb         INTEGER NOT NULL,     -- our scale weight
    settle_lb       INTEGER,              -- the mill's weight; set when SETTLED
    settle_price_lb DECIMAL(8,3),         -- dollars per pound; set when SETTLED
    settle_dt       DATE,
    load_status     VARCHAR NOT NULL      -- 'SHIPPED', 'SETTLED', 'REJECTED'
);
