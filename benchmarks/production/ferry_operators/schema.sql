-- ============================================================================================
-- ferry_operators: the warehouse of a ferry-operator platform (DuckDB DDL for labelling)
--
-- Company: "HarbourLink" sells reservations, ticketing, commuter passes, onboard POS, crew
-- rostering and fleet-maintenance software to ferry companies. Every company is a tenant of one
-- shared Oracle warehouse (schema FERRY_DW), every table keyed by opr_cd. The deployment here is
-- operator 'NSF', Northern Straits Ferries: six year-round routes out of Harbour City (HBC), Bell
-- Cove (BLC), Gull Island (GUL), Seal Point (SEA), Orca Bay (ORC) and Tern Rock (TKR), plus the
-- seasonal Harbour City - Kelp Harbour route (HBC-KLP), discontinued after May 2026 (active_yn
-- = 'N', its history kept). Fleet: MV Cormorant, MV Puffin, MV Kittiwake, MV Skua (a fast
-- catamaran), MV Guillemot (in dry dock since 2026-09-28) and MV Shearwater; MV Tern was sold in
-- September 2025 and is soft-deleted with its 2025 history kept. Other tenants in the warehouse:
-- 'BWI' (Blackwater Island Lines) and 'KVF' (Kestrel Vehicle Ferries). Ids are unique across the
-- platform.
--
-- Warehouse: Oracle 19c (SYSDATE, TRUNC(d, 'MM' | 'Q' | 'YYYY'), ADD_MONTHS, LAST_DAY, date
-- arithmetic in days (d + 60; (b - a) * 1440 = minutes), INTERVAL '5' MINUTE, TO_CHAR, NVL,
-- DECODE, FETCH FIRST n ROWS ONLY, no LIMIT, no boolean columns: flags are CHAR(1) 'Y'/'N';
-- `/` is exact decimal division). The *_ts columns are Oracle DATE columns (date and time to
-- the second), shown here as TIMESTAMP; the *_dt columns hold midnight dates. The agent writes
-- dialect `oracle`.
-- Agent: `tide-sql`, versions 8.0, 8.1 and 8.2, deployed for operator 'NSF'.
-- Log window: 2026-11-02 to 2026-11-27. The warehouse is loaded from the operators' systems at
-- each month close; the November log reads the October close, loaded up to 2026-10-31: nothing
-- happened after it in the data, except sailings scheduled for November and December (status
-- 'SCHEDULED', still so even when their date has passed), tickets booked ahead on them
-- ('BOOKED'), passes bought in October for November, and dry-dock rows (end_dt still NULL).
-- So "last month" is October 2026, "this month" November 2026 (no activity yet), "this quarter"
-- Q4 2026 to date, "last quarter" July-September 2026, "ytd" / "this year" 2026 to date, "last
-- year" 2025, "last 6 months" the six whole months May-October 2026, "next 60 days" today to
-- today + 60 days inclusive, "rn" / "currently" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `opr_cd = 'NSF'` on every table of every query (row policy);
--   * test rows: `test_yn = 'N'` on customers (the terminal training profile 'Terminal
--     Training' and the app QA profile) and tickets (tickets rung on the training till at the
--     Harbour City terminal and QA bookings). Passes carry no flag of their own: test passes
--     are excluded only through customers (join customers and keep test_yn = 'N');
--   * voids: `void_flg = 'N'` on onboard_sales (receipts rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on vessels (the sold MV Tern, history kept, nothing
--     dated after September 2025), customers (merged duplicate profiles, their tickets and
--     passes moved to the surviving profile) and crew (a profile keyed twice, no roster rows
--     or certificates). These guards matter where that table is the population counted or
--     listed ("which vessels ...", "how many customers ...", "which crew ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * sailings: one row per scheduled departure of a route. status_cd 'SCHEDULED' (future),
--     'COMPLETED' or 'CANCELLED' (cxl_reason_cd 'WEATHER', 'MECHANICAL', 'CREW' or 'LOW_DEMAND';
--     act_* NULL). vessel_id is NULL on sailings cancelled before a vessel was assigned. A
--     sailing is dated by sched_dep_ts. "Sailings" / "sailings operated" = COMPLETED sailings.
--     "Weather cancellations" = CANCELLED sailings with cxl_reason_cd = 'WEATHER'. Cancellation
--     rate = CANCELLED / (COMPLETED + CANCELLED) sailings, as a percentage (scheduled ones are
--     not yet decided).
--   * punctuality is measured at departure: delay = act_dep_ts - sched_dep_ts in minutes (a
--     ferry never leaves early, so it is >= 0); "on time" = a COMPLETED sailing that left at
--     most 5 minutes late (act_dep_ts <= sched_dep_ts + 5 minutes); on-time % = on-time /
--     COMPLETED sailings. "Delayed" = left more than 5 minutes late. Average delay is over all
--     COMPLETED sailings (0 for the punctual ones). Arrival times are recorded but are not the
--     punctuality measure (headwinds make arrivals late when the departure was on time).
--   * tickets: one row per foot passenger or per vehicle. tkt_type 'FOOT' (pax_cnt = 1) or
--     'VEHICLE' (the vehicle with its driver and passengers: pax_cnt = people aboard it,
--     veh_cls 'CAR', 'VAN' or 'MOTO'). fare_cls 'STANDARD', 'PREMIUM', 'CONCESSION' or 'PASS' (a
--     ride on a commuter pass or ride book: fare_amt 0, pass_id set). chan_cd 'WEB', 'APP',
--     'TERMINAL' or 'AGENT'; "online" = WEB and APP. cust_id is NULL for anonymous walk-ups.
--     status_cd 'BOOKED' (future sailing), 'BOARDED', 'NO_SHOW', 'REFUNDED' (refund_amt and
--     refund_ts set) or 'REBOOKED' (moved to another sailing: the new ticket carries the fare
--     and rebook_of_tkt_id = the old ticket). travel_dt is the sailing's departure date.
--     - "passengers" / "pax carried" = SUM(pax_cnt) of BOARDED tickets, dated by travel_dt;
--       "vehicles carried" = BOARDED VEHICLE tickets; a "trip" = a customer's BOARDED ticket.
--     - ticket revenue = SUM(fare_amt) of BOARDED and NO_SHOW tickets (a no-show paid; a
--       refunded or rebooked-away ticket is not revenue), dated by travel_dt. Average fare is
--       over those tickets, PASS rides (fare 0) excluded.
--     - no-show rate = NO_SHOW / (BOARDED + NO_SHOW) tickets, as a percentage.
--     - "tickets sold" = tickets with fare_cls <> 'PASS' and rebook_of_tkt_id IS NULL (a
--       rebooking re-issues a ticket, it is not a sale), dated by sold_ts, whatever happened to
--       them later.
--     - refunds = SUM(refund_amt) of REFUNDED tickets, dated by refund_ts (weather refunds are
--       paid a day or two after the cancelled sailing); "weather refunds" = refunds of tickets
--       whose sailing was cancelled for WEATHER.
--   * vehicle-deck utilisation = vehicles carried / the sum of veh_cap (car-equivalent lanes)
--     of the vessels of the COMPLETED sailings, in the same period, as a percentage (a ratio of
--     sums, not an average of per-sailing ratios).
--   * passes: one row per commuter pass or ride book. pass_type 'MONTHLY' (a calendar month,
--     unlimited rides on one route), 'ANNUAL' (12 months, unlimited, all routes: route_id NULL),
--     'BOOK10' / 'BOOK20' (multi-ride books of 10 / 20 rides on one route, valid 12 months).
--     status_cd 'PAID' or 'REFUNDED'. A pass is active on a day when status_cd = 'PAID' and
--     valid_from <= day <= valid_to (November passes bought in October are not active before
--     November 1). Pass sales = SUM(price_amt) of PAID passes, dated by purch_dt. A pass is
--     "used" / "ridden" when a BOARDED ticket carries its pass_id.
--   * onboard_sales: one row per receipt, amounts in cents (net_cents after discounts, before
--     tax; tax_cents apart). outlet_cd 'CAFE', 'BAR' or 'SHOP'; "F&B" = CAFE and BAR. Sales =
--     SUM(net_cents) / 100 (currency units) of receipts with void_flg = 'N', dated by sale_ts;
--     a receipt belongs to its sailing's vessel and route. Onboard spend per passenger = onboard
--     sales / passengers carried, same route and period.
--   * crew: rank_cd 'MASTER', 'MATE', 'ENGINEER', 'DECKHAND', 'STEWARD' (the person's grade);
--     term_dt set for leavers ("crew" / "deckhands" rn = term_dt IS NULL and not deleted).
--     crew_certs: one row per certificate issued (renewals are new rows); cert_cd
--     'STCW_BASIC', 'MED_FIRST_AID', 'CROWD_MGMT', 'MASTER_LIC', 'ENGINE_LIC'; a certificate is
--     valid while expiry_dt >= today. "Expiring in the next N days" = expiry_dt from today to
--     today + N for current crew.
--   * crew_roster: one row per crew member per sailing; duty_role_cd is the post worked on that
--     sailing (a MATE sometimes sails as relief MASTER), while hours "by rank" go by the
--     person's crew.rank_cd. duty_hrs are paid duty hours (2.0 standby hours on a cancelled
--     sailing count too); dated by the sailing's sched_dep_ts.
--   * fuel_bunkering: one row per bunkering; qty_l litres delivered, cost_amt its cost; fuel
--     cost = SUM(cost_amt), dated by bunker_ts. Litres per sailing = litres bunkered / COMPLETED
--     sailings of the vessel in the same period.
--   * dry_dock: one row per dry-dock period; start_dt, pln_end_dt (planned), end_dt (actual,
--     NULL while the vessel is still in dock or the period has not begun). A vessel is in dry
--     dock rn when start_dt <= today and end_dt IS NULL.
-- ============================================================================================

CREATE TABLE routes (
    opr_cd        VARCHAR NOT NULL,
    route_id      INTEGER NOT NULL,       -- unique across the platform
    route_cd      VARCHAR NOT NULL,       -- e.g. 'HBC-BLC'
    route_nm      VARCHAR NOT NULL,
    orig_port_cd  VARCHAR NOT NULL,
    dest_port_cd  VARCHAR NOT NULL,
    dist_nm       DECIMAL(5,1) NOT NULL,  -- nautical miles
    sched_mins    INTEGER NOT NULL,       -- scheduled crossing time
    active_yn     VARCHAR(1) NOT NULL,    -- 'Y' / 'N' (discontinued)
    season_cd     VARCHAR NOT NULL        -- 'YEAR_ROUND', 'SUMMER'
);

CREATE TABLE vessels (
    opr_cd        VARCHAR NOT NULL,
    vessel_id     INTEGER NOT NULL,
    vessel_nm     VARCHAR NOT NULL,
    imo_no        VARCHAR NOT NULL,
    vessel_cls    VARCHAR NOT NULL,       -- 'RO_PAX', 'FAST_CAT'
    pax_cap       INTEGER NOT NULL,       -- passenger certificate
    veh_cap       INTEGER NOT NULL,       -- vehicle deck, car-equivalent lanes
    built_yr      INTEGER NOT NULL,
    in_svc_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP               -- sold / removed from the fleet
);

CREATE TABLE sailings (
    opr_cd        VARCHAR NOT NULL,
    sailing_id    BIGINT NOT NULL,
    route_id      INTEGER NOT NULL,
    vessel_id     INTEGER,                -- NULL: cancelled before a vessel was assigned
    sched_dep_ts  TIMESTAMP NOT NULL,
    sched_arr_ts  TIMESTAMP NOT NULL,
    act_dep_ts    TIMESTAMP,              -- NULL unless COMPLETED
    act_arr_ts    TIMESTAMP,
    status_cd     VARCHAR NOT NULL,       -- 'SCHEDULED', 'COMPLETED', 'CANCELLED'
    cxl_reason_cd VARCHAR,                -- 'WEATHER', 'MECHANICAL', 'CREW', 'LOW_DEMAND'
    delay_rsn_cd  VARCHAR                 -- set when the departure was > 5 min late
);

CREATE TABLE customers (
    opr_cd        VARCHAR NOT NULL,
    cust_id       INTEGER NOT NULL,
    cust_nm       VARCHAR NOT NULL,
    email         VARCHAR,
    home_port_cd  VARCHAR,
    cust_seg      VARCHAR NOT NULL,       -- 'RESIDENT', 'COMMUTER', 'VISITOR'
    signup_dt     DATE NOT NULL,
    test_yn       VARCHAR(1) NOT NULL,    -- 'Y' training / QA profile
    deleted_at    TIMESTAMP               -- merged duplicate
);

CREATE TABLE tickets (
    opr_cd           VARCHAR NOT NULL,
    tkt_id           BIGINT NOT NULL,
    booking_ref      VARCHAR NOT NULL,
    sailing_id       BIGINT NOT NULL,
    travel_dt        DATE NOT NULL,        -- the sailing's departure date
    cust_id          INTEGER,              -- NULL for anonymous walk-ups
    tkt_type         VARCHAR NOT NULL,     -- 'FOOT', 'VEHICLE'
    veh_cls          VARCHAR,              -- 'CAR', 'VAN', 'MOTO'; NULL for FOOT
    fare_cls         VARCHAR NOT NULL,     -- 'STANDARD', 'PREMIUM', 'CONCESSION', 'PASS'
    pax_cnt          SMALLINT NOT NULL,    -- people travelling on the ticket (1 for FOOT)
    fare_amt         DECIMAL(8,2) NOT NULL,
    chan_cd          VARCHAR NOT NULL,     -- 'WEB', 'APP', 'TERMINAL', 'AGENT'
    sold_ts          TIMESTAMP NOT NULL,
    status_cd        VARCHAR NOT NULL,     -- 'BOOKED', 'BOARDED', 'NO_SHOW', 'REFUNDED', 'REBOOKED'
    pass_id          BIGINT,               -- set on PASS rides
    rebook_of_tkt_id BIGINT,               -- set on a ticket re-issued by a rebooking
    refund_amt       DECIMAL(8,2),
    refund_ts        TIMESTAMP,
    test_yn          VARCHAR(1) NOT NULL
);

CREATE TABLE passes (
    opr_cd        VARCHAR NOT NULL,
    pass_id       BIGINT NOT NULL,
    cust_id       INTEGER NOT NULL,
    pass_type     VARCHAR NOT NULL,       -- 'MONTHLY', 'ANNUAL', 'BOOK10', 'BOOK20'
    route_id      INTEGER,                -- NULL: all routes (ANNUAL)
    purch_dt      DATE NOT NULL,
    valid_from    DATE NOT NULL,
    valid_to      DATE NOT NULL,
    rides_incl    INTEGER,                -- NULL: unlimited
    price_amt     DECIMAL(8,2) NOT NULL,
    status_cd     VARCHAR NOT NULL        -- 'PAID', 'REFUNDED'
);

CREATE TABLE onboard_sales (
    opr_cd        VARCHAR NOT NULL,
    sale_id       BIGINT NOT NULL,
    sailing_id    BIGINT NOT NULL,
    outlet_cd     VARCHAR NOT NULL,       -- 'CAFE', 'BAR', 'SHOP'
    sale_ts       TIMESTAMP NOT NULL,
    net_cents     INTEGER NOT NULL,       -- after discounts, before tax, in cents
    tax_cents     INTEGER NOT NULL,
    pay_mthd      VARCHAR NOT NULL,       -- 'CARD', 'CASH', 'CONTACTLESS'
    void_flg      VARCHAR(1) NOT NULL     -- 'Y' rung in error
);

CREATE TABLE crew (
    opr_cd        VARCHAR NOT NULL,
    crew_id       INTEGER NOT NULL,
    crew_nm       VARCHAR NOT NULL,
    rank_cd       VARCHAR NOT NULL,       -- 'MASTER', 'MATE', 'ENGINEER', 'DECKHAND', 'STEWARD'
    home_port_cd  VARCHAR NOT NULL,
    hire_dt       DATE NOT NULL,
    term_dt       DATE,                   -- left the company
    deleted_at    TIMESTAMP               -- profile keyed twice
);

CREATE TABLE crew_certs (
    opr_cd        VARCHAR NOT NULL,
    cert_id       INTEGER NOT NULL,
    crew_id       INTEGER NOT NULL,
    cert_cd       VARCHAR NOT NULL,       -- 'STCW_BASIC', 'MED_FIRST_AID', 'CROWD_MGMT', 'MASTER_LIC', 'ENGINE_LIC'
    issued_dt     DATE NOT NULL,
    expiry_dt     DATE NOT NULL
);

CREATE TABLE crew_roster (
    opr_cd        VARCHAR NOT NULL,
    roster_id     BIGINT NOT NULL,
    sailing_id    BIGINT NOT NULL,
    crew_id       INTEGER NOT NULL,
    duty_role_cd  VARCHAR NOT NULL,       -- post worked on this sailing
    duty_hrs      DECIMAL(4,1) NOT NULL
);

CREATE TABLE fuel_bunkering (
    opr_cd        VARCHAR NOT NULL,
    bunker_id     BIGINT NOT NULL,
    vessel_id     INTEGER NOT NULL,
    port_cd       VARCHAR NOT NULL,
    bunker_ts     TIMESTAMP NOT NULL,
    fuel_type     VARCHAR NOT NULL,       -- 'MGO', 'LNG'
    qty_l         INTEGER NOT NULL,       -- litres delivered
    cost_amt      DECIMAL(10,2) NOT NULL
);

CREATE TABLE dry_dock (
    opr_cd        VARCHAR NOT NULL,
    dd_id         INTEGER NOT NULL,
    vessel_id     INTEGER NOT NULL,
    yard_nm       VARCHAR NOT NULL,
    reason_cd     VARCHAR NOT NULL,       -- 'SURVEY', 'REPAIR'
    start_dt      DATE NOT NULL,
    pln_end_dt    DATE NOT NULL,
    end_dt        DATE,                   -- actual; NULL while in dock or not yet begun
    cost_amt      DECIMAL(12,2) NOT NULL
);
