-- ============================================================================================
-- car_washes: the warehouse of a car-wash chain platform (DuckDB DDL for labelling)
--
-- Company: "TunnelOS" sells point-of-sale, licence-plate recognition (LPR), unlimited wash club
-- billing, fleet invoicing, equipment and chemical tracking, damage-claim and staff-scheduling
-- software to car-wash operators. Every operator is a tenant of one shared SQLite reporting
-- warehouse (a nightly extract), every table keyed by op_id. The deployment here is operator
-- 'CW-0926', Bluewave Car Wash: Harbor Rd Express, Millbrook Flex (a tunnel plus four self-serve
-- bays), Airport Blvd Express, Eastgate Self-Serve (six bays, no tunnel), Lakeside Express
-- (opened on 2026-08-22; its training-mode washes of 18-21 August are test rows) and Old Town
-- Flex, closed on 2025-12-20 and soft-deleted with its history kept. Other tenants in the
-- warehouse: 'CW-0311' (Sunny Suds) and 'CW-0588' (Prime Shine).
--
-- Warehouse: SQLite 3.40 (date('now', 'start of month', '-1 month'), strftime('%Y-%m', ts),
-- julianday(), iif(), COUNT(*) FILTER (WHERE ...), window functions, no QUALIFY, no
-- DATE_TRUNC; `/` between integers is integer division). Dates and timestamps are ISO text
-- ('2026-10-31', '2026-10-31 17:45:00'), flags are 0/1 integers or 'Y'/'N' text, money is in
-- integer cents (a dollar figure is cents / 100.0). The agent writes dialect `sqlite`.
-- Agent: `suds-sql`, versions 3.0, 3.1 and 3.2, deployed for operator 'CW-0926'.
-- Log window: 2026-11-02 to 2026-11-20. The extract behind this log was taken on 2026-11-01 at
-- close: nothing is dated after 2026-11-01. So "last month" is October 2026, "this month"
-- November 2026 to date (the 1st only), "last quarter" Q3 2026 (July-September), "ytd" /
-- "this year" 2026-01-01 to today, "last year" 2025, "october last year" October 2025, "the
-- last 30 days" the 30 days before today (wash_ts >= today - 30 days), "rn" / "right now" the
-- state at the extract.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'CW-0926'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = 0` on accounts (the 'QA Test Account' and 'POS Training' profiles)
--     and wash_txns (training-mode washes rung at Lakeside before it opened and QA washes at
--     other sites). The test profiles' memberships and bills carry no flag of their own: they
--     are excluded only through accounts (join accounts and keep is_test = 0);
--   * voids: `void_flg = 0` on wash_txns (tickets rung in error and re-rung; their add-on lines
--     go with them) and on bills (bills raised in error);
--   * soft deletes: `deleted_at IS NULL` on sites (the closed Old Town Flex, no rows dated after
--     2025-12-20), accounts (duplicate profiles merged into the surviving one; their vehicles,
--     memberships and washes were moved) and vehicles (duplicate plate reads merged; the
--     duplicate keeps no washes). These matter where that table is the population counted or
--     listed ("which sites ...", "how many customers ...", "how many vehicles ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * washes: one wash_txns row per wash (a car through the tunnel, or a self-serve bay
--     session; lane_typ 'TUNNEL' or 'BAY'). chnl 'POS' (pay station or cashier), 'APP' (bought
--     in the app), 'CLUB' (a club member's wash redeemed by plate, net 0 unless add-ons were
--     bought) or 'FLEET' (a fleet vehicle, invoiced monthly at the fleet discount). "Washes" /
--     "cars washed" / "volume" = every non-void, non-test wash of every channel, dated by
--     wash_ts. "Single washes" / "retail washes" = chnl IN ('POS', 'APP').
--   * money on a wash: gross_cents = package list price + add-ons; disc_cents = discounts
--     (app promo, fleet discount, the package part of a club wash); net_cents = gross - disc,
--     what was charged. "Single-wash revenue" / "wash sales" = SUM(net_cents) of POS and APP
--     washes; "average ticket" = AVG(net_cents) of POS and APP washes. Club revenue comes from
--     bills, not from washes; fleet revenue from fleet invoices.
--   * txn_addons: one row per add-on bought on a wash (addon_id is a wash_pkgs row of
--     item_typ 'ADDON'); price_cents is what was charged for it, already inside the wash's
--     gross_cents. Add-on sales = SUM(price_cents) of add-on lines on non-void, non-test
--     washes. Attach rate = share of tunnel washes (club washes included) with at least one
--     add-on line.
--   * wash_pkgs: the catalogue; item_typ 'PKG' (a wash package; tier_rank 1 Express to 4
--     Ceramic Shield, and the self-serve 'SS4' bay cycle) or 'ADDON'. list_price_cents is
--     today's single-wash price; club_fee_cents is today's monthly club price of the package
--     (club fees rose by $5 on 2026-03-01; members keep the fee they joined at).
--   * club: club_mbrs is one row per enrolled vehicle (a household with two cars holds two
--     memberships); pkg_id is the plan; mthly_fee_cents is the member's locked-in monthly fee.
--     mbr_status 'ACTIVE', 'PAUSED' (pause_start_dt to pause_end_dt, no billing, no washes) or
--     'CANCELLED' (cancel_dt, cancel_rsn 'PRICE', 'MOVED', 'SOLD_CAR', 'SERVICE',
--     'PAYMENT_FAILED' or NULL when the member gave none). "Active members" / "members" rn =
--     memberships with mbr_status = 'ACTIVE' (paused ones are not active), of non-test
--     accounts; "customers on the club" = distinct acct_id of those. Signups are dated by
--     start_dt, cancellations by cancel_dt. Churn rate of a month = memberships cancelled in
--     the month / memberships on the books on its first day (start_dt before the 1st and not
--     cancelled before it, paused ones included), as a percentage.
--   * bills: bill_typ 'CLUB' (a member's monthly charge on the start_dt anniversary day;
--     bill_status 'PAID', 'FAILED' (declined after all retries; attempt_cnt tries) or
--     'REFUNDED') and 'FLEET' (a fleet account's monthly invoice, period_start_dt the month
--     invoiced, raised on the 1st of the next month; bill_status 'OPEN', 'PAID' or 'PAST_DUE').
--     Club revenue = SUM(amt_cents) of PAID club bills by bill_dt. "Failed payments" = FAILED
--     club bills by bill_dt. "Outstanding" fleet balance = FLEET bills OPEN or PAST_DUE.
--   * accounts: acct_typ 'RETAIL' (a person) or 'FLEET' (a business, fleet_disc_pct off list,
--     net terms). Customers are RETAIL accounts; signup_dt is when the profile was created.
--   * vehicles: one row per plate the LPR cameras know; acct_id NULL for plates seen but never
--     tied to an account. A wash's veh_id is NULL when the plate was not read (lpr_match 'N';
--     every self-serve bay session). "Plate read rate" = share of washes with lpr_match 'Y'.
--   * equip_downtime: one row per outage of a piece of equipment; down_end_ts NULL while it is
--     still down. cause_cd 'MECH', 'ELEC', 'WEATHER' or 'PM' (planned maintenance); "unplanned
--     downtime" = every cause but PM. Downtime hours = (julianday(down_end_ts) -
--     julianday(down_start_ts)) * 24; an outage still open counts up to the extract (2026-11-01
--     23:59:59) where a period's total is asked. "Repair time" = the duration of an unplanned
--     outage that has ended (open outages and PM left out). Outages are dated by down_start_ts.
--   * chem_usage: one row per site, chemical and month (usage_mth, the 1st), from the monthly
--     drum count; cost_cents is the month's cost. Chemical cost per wash = SUM(cost_cents) of
--     the site and month / washes of the same site and month.
--   * damage_claims: one row per claim a customer filed; claim_status 'OPEN', 'DENIED',
--     'APPROVED' (agreed, not yet paid), 'PAID' (paid_dt, paid_cents) or 'WITHDRAWN'.
--     "Paid out" = SUM(paid_cents) of PAID claims by paid_dt. Claims are dated by claim_dt.
--   * shifts: one row per scheduled shift (since the scheduling rollout on 2026-01-01), staff
--     name and role denormalised; shift_status 'WORKED', 'NO_SHOW' or 'CALLED_OUT' (called in
--     sick ahead). Labour hours = SUM(worked_hrs) of WORKED shifts (sched_hrs is the rota); a
--     no-show is a NO_SHOW shift, CALLED_OUT apart; site_id is where the shift was worked.
-- ============================================================================================

CREATE TABLE sites (
    op_id            VARCHAR NOT NULL,
    site_id          INTEGER NOT NULL,     -- unique across the platform
    site_cd          VARCHAR NOT NULL,     -- e.g. 'HBR'
    site_nm          VARCHAR NOT NULL,
    region           VARCHAR NOT NULL,
    site_typ         VARCHAR NOT NULL,     -- 'EXPRESS' (tunnel), 'FLEX' (tunnel + bays), 'SELF' (bays only)
    tunnel_len_ft    INTEGER,              -- NULL without a tunnel
    ss_bay_cnt       INTEGER NOT NULL,     -- self-serve bays
    opened_dt        DATE NOT NULL,
    deleted_at       TIMESTAMP             -- closed and soft-deleted
);

CREATE TABLE wash_pkgs (
    op_id            VARCHAR NOT NULL,
    pkg_id           INTEGER NOT NULL,
    pkg_cd           VARCHAR NOT NULL,     -- e.g. 'ULT', 'TIRE'
    pkg_nm           VARCHAR NOT NULL,
    item_typ         VARCHAR NOT NULL,     -- 'PKG', 'ADDON'
    tier_rank        INTEGER,              -- 1..4 for tunnel packages, NULL otherwise
    list_price_cents INTEGER NOT NULL,     -- today's single-wash price
    club_fee_cents   INTEGER,              -- today's monthly club price; NULL when not a club plan
    active_yn        VARCHAR NOT NULL      -- 'Y' on sale, 'N' retired
);

CREATE TABLE accounts (
    op_id            VARCHAR NOT NULL,
    acct_id          INTEGER NOT NULL,
    acct_typ         VARCHAR NOT NULL,     -- 'RETAIL', 'FLEET'
    acct_nm          VARCHAR NOT NULL,
    email            VARCHAR,              -- NULL when not given
    home_site_id     INTEGER,              -- NULL when never chosen
    signup_dt        DATE NOT NULL,
    fleet_terms      VARCHAR,              -- 'NET15', 'NET30'; NULL for retail
    fleet_disc_pct   INTEGER,              -- % off list for fleet washes; NULL for retail
    is_test          INTEGER NOT NULL,     -- 1: QA / training profile
    deleted_at       TIMESTAMP             -- merged duplicate
);

CREATE TABLE vehicles (
    op_id            VARCHAR NOT NULL,
    veh_id           INTEGER NOT NULL,
    acct_id          INTEGER,              -- NULL: plate seen, never tied to an account
    plate_no         VARCHAR NOT NULL,
    plate_st         VARCHAR NOT NULL,
    make             VARCHAR,
    model            VARCHAR,
    first_seen_ts    TIMESTAMP NOT NULL,
    deleted_at       TIMESTAMP             -- duplicate plate read, merged
);

CREATE TABLE club_mbrs (
    op_id            VARCHAR NOT NULL,
    mbr_id           INTEGER NOT NULL,
    acct_id          INTEGER NOT NULL,
    veh_id           INTEGER NOT NULL,
    pkg_id           INTEGER NOT NULL,     -- the plan (a wash_pkgs PKG)
    home_site_id     INTEGER NOT NULL,
    sales_chnl       VARCHAR NOT NULL,     -- 'SITE', 'APP'
    start_dt         DATE NOT NULL,
    mthly_fee_cents  INTEGER NOT NULL,     -- locked-in monthly fee
    mbr_status       VARCHAR NOT NULL,     -- 'ACTIVE', 'PAUSED', 'CANCELLED'
    pause_start_dt   DATE,
    pause_end_dt     DATE,
    cancel_dt        DATE,
    cancel_rsn       VARCHAR               -- 'PRICE', 'MOVED', 'SOLD_CAR', 'SERVICE', 'PAYMENT_FAILED'; NULL when not given
);

CREATE TABLE bills (
    op_id            VARCHAR NOT NULL,
    bill_id          INTEGER NOT NULL,
    bill_typ         VARCHAR NOT NULL,     -- 'CLUB', 'FLEET'
    acct_id          INTEGER NOT NULL,
    mbr_id           INTEGER,              -- CLUB bills only
    period_start_dt  DATE NOT NULL,        -- CLUB: the bill date; FLEET: the month invoiced
    bill_dt          DATE NOT NULL,
    amt_cents        INTEGER NOT NULL,
    bill_status      VARCHAR NOT NULL,     -- CLUB: 'PAID', 'FAILED', 'REFUNDED'; FLEET: 'OPEN', 'PAID', 'PAST_DUE'
    attempt_cnt      INTEGER NOT NULL,     -- card attempts (CLUB); 0 for FLEET
    paid_ts          TIMESTAMP,
    void_flg         INTEGER NOT NULL      -- 1: raised in error
);

CREATE TABLE wash_txns (
    op_id            VARCHAR NOT NULL,
    txn_id           BIGINT NOT NULL,
    site_id          INTEGER NOT NULL,
    lane_typ         VARCHAR NOT NULL,     -- 'TUNNEL', 'BAY'
    wash_ts          TIMESTAMP NOT NULL,
    chnl             VARCHAR NOT NULL,     -- 'POS', 'APP', 'CLUB', 'FLEET'
    pkg_id           INTEGER NOT NULL,
    veh_id           INTEGER,              -- NULL when the plate was not read
    acct_id          INTEGER,              -- NULL for anonymous washes
    mbr_id           INTEGER,              -- CLUB washes only
    gross_cents      INTEGER NOT NULL,     -- package + add-ons at list
    disc_cents       INTEGER NOT NULL,
    net_cents        INTEGER NOT NULL,     -- charged
    lpr_match        VARCHAR NOT NULL,     -- 'Y' plate read, 'N' not
    void_flg         INTEGER NOT NULL,
    is_test          INTEGER NOT NULL
);

CREATE TABLE txn_addons (
    op_id            VARCHAR NOT NULL,
    txn_id           BIGINT NOT NULL,
    line_no          INTEGER NOT NULL,
    addon_id         INTEGER NOT NULL,     -- wash_pkgs.pkg_id of an ADDON
    price_cents      INTEGER NOT NULL
);

CREATE TABLE equip_downtime (
    op_id            VARCHAR NOT NULL,
    evt_id           INTEGER NOT NULL,
    site_id          INTEGER NOT NULL,
    equip_cd         VARCHAR NOT NULL,     -- 'CONVEYOR', 'BRUSHES', 'DRYER', 'PUMP_STN', 'PAY_TERM', 'VACUUM'
    down_start_ts    TIMESTAMP NOT NULL,
    down_end_ts      TIMESTAMP,            -- NULL: still down
    cause_cd         VARCHAR NOT NULL,     -- 'MECH', 'ELEC', 'WEATHER', 'PM'
    tech_note        VARCHAR
);

CREATE TABLE chem_usage (
    op_id            VARCHAR NOT NULL,
    site_id          INTEGER NOT NULL,
    usage_mth        DATE NOT NULL,        -- first day of the month
    chem_cd          VARCHAR NOT NULL,     -- 'PRESOAK', 'HP_SOAP', 'TRI_FOAM', 'WAX', 'TIRE_GEL', 'CERAMIC'
    qty_gal          DECIMAL(7,1) NOT NULL,
    cost_cents       INTEGER NOT NULL
);

CREATE TABLE damage_claims (
    op_id            VARCHAR NOT NULL,
    claim_id         INTEGER NOT NULL,
    site_id          INTEGER NOT NULL,
    acct_id          INTEGER,              -- NULL when filed by a non-customer
    veh_id           INTEGER,
    txn_id           BIGINT,               -- NULL when no wash was matched
    claim_dt         DATE NOT NULL,
    dmg_typ          VARCHAR NOT NULL,     -- 'MIRROR', 'ANTENNA', 'WIPER', 'PAINT', 'WHEEL', 'TRIM'
    claim_status     VARCHAR NOT NULL,     -- 'OPEN', 'DENIED', 'APPROVED', 'PAID', 'WITHDRAWN'
    claimed_cents    INTEGER NOT NULL,
    paid_dt          DATE,
    paid_cents       INTEGER
);

CREATE TABLE shifts (
    op_id            VARCHAR NOT NULL,
    shift_id         INTEGER NOT NULL,
    staff_id         INTEGER NOT NULL,
    staff_nm         VARCHAR NOT NULL,
    role_cd          VARCHAR NOT NULL,     -- 'ATTENDANT', 'SITE_MGR', 'TECH'
    site_id          INTEGER NOT NULL,     -- where the shift was worked
    shift_dt         DATE NOT NULL,
    sched_hrs        DECIMAL(4,2) NOT NULL,
    worked_hrs       DECIMAL(4,2),         -- NULL unless WORKED
    shift_status     VARCHAR NOT NULL,     -- 'WORKED', 'NO_SHOW', 'CALLED_OUT'
    hrly_rate_cents  INTEGER NOT NULL
);
