-- ============================================================================================
-- bridal_shops: the warehouse of a bridal retail platform (DuckDB DDL for labelling)
--
-- Company: "Aislebook" sells appointment booking, POS, special-order tracking and alterations
-- software to bridal boutiques. Every boutique group hosted on it is a tenant of one shared
-- Databricks lakehouse (Delta tables in the catalog bridal_wh, schema gold), every table keyed
-- by shop_grp_id. The deployment here is group 'SG-0419', Lace & Lark Bridal, with the
-- boutiques Savannah Flagship (101), Charleston King St (102), Asheville (103), Raleigh North
-- Hills (104, opened 2026-03-14) and Columbia Outlet (105), closed at the end of 2025 and
-- soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'SG-0107' (Magnolia
-- Gown Co.) and 'SG-0788' (Belle Harbor Brides); ids are unique across the platform.
--
-- Warehouse: Databricks SQL (date_trunc('MONTH', d), add_months, date_add / date_sub,
-- dateadd(DAY, n, d), datediff(end, start), INTERVAL 1 MONTH, current_date(), date_format with
-- Java patterns, count_if, FILTER (WHERE ...), QUALIFY; `/` is decimal division). The agent
-- writes dialect `databricks`.
-- Agent: `veil-sql`, versions 4.2, 4.3 and 4.4, deployed for group 'SG-0419'.
-- Log window: 2026-11-02 to 2026-11-27. The warehouse is loaded up to 2026-10-31 (nothing dated
-- after it, except appointments booked ahead (BOOKED), promised delivery dates, wedding dates
-- and trunk shows scheduled for November and December). So "last month" is October 2026,
-- "last quarter" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025 (the
-- whole year), "next 60 days" today to today + 60 days inclusive, "rn" the state at the load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `shop_grp_id = 'SG-0419'` on every table of every query (row policy);
--   * test rows: `is_test = false` on brides (the front desk's training profiles 'Test Bride
--     ...' and 'Training ...'), appointments (bookings keyed on the training calendar) and
--     gown_orders (orders keyed by new consultants in training, often cancelled afterwards).
--     Training orders carry no alterations or fittings; their payments were voided;
--   * voids: `void_flg = 'N'` on payments (card runs voided and re-run, training payments) and
--     acc_sales (lines rung in error);
--   * soft deletes: `deleted_at IS NULL` on boutiques (the closed Columbia Outlet, no rows after
--     2025), staff (a profile keyed twice, no activity) and brides (merged duplicate profiles
--     whose appointments and orders were moved to the surviving profile). These guards matter
--     where that table is the population counted or listed ("which boutiques ...", "new
--     brides", "each consultant").
--
-- Business conventions of the group (what a careful analyst would apply):
--   * money is stored in cents (INTEGER); answers show dollars (cents / 100).
--   * appointments: appt_type 'BRIDAL' (a bride trying on gowns), 'BRIDESMAID', 'ACCESSORY'
--     (veils and accessories) or 'PICKUP'; appt_status 'BOOKED' (upcoming), 'COMPLETED',
--     'NO_SHOW' or 'CANCELLED' (cancelled ahead). "Appointments" had / held / taken = COMPLETED
--     ones, dated by appt_ts. No-show rate = NO_SHOW / (COMPLETED + NO_SHOW) appointments of
--     every type, as a percentage (cancellations are not in it). cons_id is the consultant who
--     ran it (NULL when unassigned). purchased_yn = 'Y' when the party bought at that
--     appointment (a gown for BRIDAL, dresses for BRIDESMAID, items for ACCESSORY). Close rate
--     ("conversion", "said yes") = COMPLETED BRIDAL appointments with purchased_yn = 'Y' /
--     COMPLETED BRIDAL appointments, as a percentage. show_id is set when it was booked into a
--     trunk show.
--   * gown_orders: one row per gown ordered (a bride may order two, e.g. a reception dress).
--     ord_status 'ORDERED' (placed with the designer, not arrived), 'RECEIVED' (arrived in the
--     boutique), 'PICKED_UP' or 'CANCELLED' (cancelled_dt set; a cancelled gown never arrives).
--     cons_id is the consultant credited with the sale. Gown revenue / "gown sales" = SUM(
--     gown_price_cents + rush_fee_cents) of orders not CANCELLED, dated by order_dt. The gown
--     price ("avg gown price", "price of the dress") is gown_price_cents alone, rush fees
--     apart; rush orders have rush_fee_cents > 0. Sample-sale gowns (is_sample_sale = 'Y') are
--     floor samples sold off the rack: they count in gown revenue and prices, but have no
--     designer lead time (promised_dt = received_dt = order_dt). show_id is set on orders
--     placed at a trunk show (including the off-site one, whose trunk_shows.btq_id is NULL).
--   * designer delivery: promised_dt is the ship date the designer confirmed; received_dt is
--     when the gown arrived in the boutique. Lead time = received_dt - order_dt in days, over
--     designer orders (not sample sales) that have arrived. A gown is "on time" when received_dt
--     <= promised_dt (on or before the promised date); on-time rate = on-time / arrived designer
--     orders, dated by received_dt, as a percentage. Brides want the gown at least 8 weeks (56
--     days) before the wedding for alterations; "less than 8 weeks" = wedding_dt - received_dt
--     < 56 days.
--   * payments: pmt_type 'DEPOSIT' (taken at order), 'BALANCE' (later payments; a sample sale
--     is paid in full as one BALANCE) or 'REFUND' (money returned, amt_cents positive). Amount
--     paid on an order = DEPOSIT + BALANCE - REFUND of non-void payments. Outstanding balance =
--     gown_price_cents + rush_fee_cents - amount paid, over open orders (ord_status 'ORDERED' or
--     'RECEIVED'); alterations are billed and paid separately at the counter. Deposit % = SUM of
--     deposits / SUM of order value (price + rush fee) over the orders considered, as a
--     percentage (a ratio of totals, not an average of per-order ratios).
--   * alterations: one row per alteration ticket on an order; alt_status 'OPEN', 'DONE' or
--     'CANCELLED'. quote_cents is the estimate given at the first fitting; charge_cents is what
--     the bride was finally charged. Alterations revenue = SUM(charge_cents) of DONE tickets,
--     dated by done_dt, credited to the ticket's seamstress_id (a staff member with role
--     'SEAMSTRESS').
--   * fittings: fit_status 'DONE', 'NO_SHOW' or 'RESCHEDULED'; "fittings" = DONE fittings
--     unless no-shows are asked for. Dated by fit_ts. Some tickets (a bustle added to a gown
--     that fit) are finished without any fitting.
--   * acc_sales: one row per accessory line (veils, headpieces, belts, jewelry, shoes,
--     garters); bride_id is NULL for walk-in shoppers. line_status 'SOLD' or 'RETURNED'
--     (returned_dt set). Accessory sales = SUM(net_cents) of non-void lines still SOLD, dated
--     by sold_ts; returns = RETURNED lines, dated by returned_dt. A bride "bought a veil" when
--     she has a non-void SOLD line of category 'VEIL' (at any time).
--   * revenue (unqualified) = gown revenue + accessory sales; alterations revenue is reported
--     on its own.
--   * trunk_shows: a designer's full collection in a boutique (or off-site: btq_id NULL) for a
--     few days; show_status 'SCHEDULED', 'HELD' or 'CANCELLED'. A boutique "had" a trunk show
--     when one was HELD there. Trunk-show revenue = gown revenue of orders carrying its show_id.
--   * staff: role_cd 'CONSULTANT', 'SEAMSTRESS' or 'MANAGER'; term_dt set for leavers.
--     "Consultants" / "active consultants" rn = role_cd 'CONSULTANT', term_dt IS NULL, not
--     deleted. Sales "by consultant" are credited by gown_orders.cons_id (leavers included when
--     they sold in the period).
--   * brides: created_dt is when the profile was created ("new brides"); lead_src 'INSTAGRAM',
--     'REFERRAL', 'WALK_IN', 'WEBSITE' or 'THE_KNOT'; wedding_dt NULL when not set yet.
--   * designers and styles: each tenant's catalogue; silhouette 'A_LINE', 'BALL_GOWN',
--     'MERMAID', 'SHEATH' or 'FIT_FLARE'. "Ordered from" a designer = any non-test gown order of
--     one of its styles.
-- ============================================================================================

CREATE TABLE boutiques (
    shop_grp_id    VARCHAR NOT NULL,
    btq_id         INTEGER NOT NULL,      -- unique across the platform
    btq_cd         VARCHAR NOT NULL,      -- e.g. 'SAV'
    btq_nm         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    st_cd          VARCHAR NOT NULL,
    fitting_rooms  SMALLINT NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE staff (
    shop_grp_id    VARCHAR NOT NULL,
    staff_id       INTEGER NOT NULL,
    btq_id         INTEGER NOT NULL,      -- home boutique
    staff_nm       VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'CONSULTANT', 'SEAMSTRESS', 'MANAGER'
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    commission_pct DECIMAL(4,2),          -- consultants only
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE brides (
    shop_grp_id    VARCHAR NOT NULL,
    bride_id       INTEGER NOT NULL,
    bride_nm       VARCHAR NOT NULL,
    email          VARCHAR,
    home_btq_id    INTEGER NOT NULL,
    wedding_dt     DATE,                  -- NULL when not set yet
    lead_src       VARCHAR NOT NULL,      -- 'INSTAGRAM', 'REFERRAL', 'WALK_IN', 'WEBSITE', 'THE_KNOT'
    created_dt     DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate profile
);

CREATE TABLE designers (
    shop_grp_id    VARCHAR NOT NULL,
    designer_id    INTEGER NOT NULL,
    designer_nm    VARCHAR NOT NULL,
    country_cd     VARCHAR NOT NULL,
    tier_cd        VARCHAR NOT NULL       -- 'LUXURY', 'DESIGNER', 'BRIDGE'
);

CREATE TABLE styles (
    shop_grp_id    VARCHAR NOT NULL,
    style_id       INTEGER NOT NULL,
    designer_id    INTEGER NOT NULL,
    style_no       VARCHAR NOT NULL,      -- the designer's style number
    style_nm       VARCHAR NOT NULL,
    silhouette     VARCHAR NOT NULL,      -- 'A_LINE', 'BALL_GOWN', 'MERMAID', 'SHEATH', 'FIT_FLARE'
    msrp_cents     INTEGER NOT NULL,
    discontinued_dt DATE
);

CREATE TABLE trunk_shows (
    shop_grp_id    VARCHAR NOT NULL,
    show_id        INTEGER NOT NULL,
    btq_id         INTEGER,               -- NULL for an off-site show (hotel ballroom)
    designer_id    INTEGER NOT NULL,
    venue_nm       VARCHAR,
    start_dt       DATE NOT NULL,
    end_dt         DATE NOT NULL,
    show_status    VARCHAR NOT NULL       -- 'SCHEDULED', 'HELD', 'CANCELLED'
);

CREATE TABLE appointments (
    shop_grp_id    VARCHAR NOT NULL,
    appt_id        BIGINT NOT NULL,
    bride_id       INTEGER NOT NULL,
    btq_id         INTEGER NOT NULL,
    cons_id        INTEGER,               -- staff_id of the consultant; NULL when unassigned
    room_no        SMALLINT,
    appt_type      VARCHAR NOT NULL,      -- 'BRIDAL', 'BRIDESMAID', 'ACCESSORY', 'PICKUP'
    appt_ts        TIMESTAMP NOT NULL,
    booked_ts      TIMESTAMP NOT NULL,
    appt_status    VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
    party_size     SMALLINT NOT NULL,
    purchased_yn   VARCHAR NOT NULL,      -- 'Y' / 'N'
    show_id        INTEGER,               -- trunk show it was booked into
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE gown_orders (
    shop_grp_id    VARCHAR NOT NULL,
    order_id       BIGINT NOT NULL,
    bride_id       INTEGER NOT NULL,
    btq_id         INTEGER NOT NULL,
    cons_id        INTEGER NOT NULL,      -- staff_id credited with the sale
    style_id       INTEGER NOT NULL,
    order_dt       DATE NOT NULL,
    size_cd        VARCHAR NOT NULL,
    gown_price_cents INTEGER NOT NULL,
    rush_fee_cents INTEGER NOT NULL,      -- 0 when not a rush order
    is_sample_sale VARCHAR NOT NULL,      -- 'Y' / 'N'
    show_id        INTEGER,               -- trunk show it was ordered at
    promised_dt    DATE NOT NULL,         -- designer's confirmed ship date
    received_dt    DATE,                  -- arrived in the boutique
    picked_up_dt   DATE,
    ord_status     VARCHAR NOT NULL,      -- 'ORDERED', 'RECEIVED', 'PICKED_UP', 'CANCELLED'
    cancelled_dt   DATE,
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE payments (
    shop_grp_id    VARCHAR NOT NULL,
    pmt_id         BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    pmt_ts         TIMESTAMP NOT NULL,
    pmt_type       VARCHAR NOT NULL,      -- 'DEPOSIT', 'BALANCE', 'REFUND'
    amt_cents      INTEGER NOT NULL,      -- positive, refunds too
    pay_method     VARCHAR NOT NULL,      -- 'CARD', 'CASH', 'FINANCING', 'GIFT_CARD'
    void_flg       VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE alterations (
    shop_grp_id    VARCHAR NOT NULL,
    alt_id         BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    seamstress_id  INTEGER NOT NULL,      -- staff_id
    alt_type       VARCHAR NOT NULL,      -- 'HEM', 'BUSTLE', 'TAKE_IN', 'STRAPS', 'SLEEVES', 'CUSTOM'
    quote_cents    INTEGER NOT NULL,      -- estimate
    charge_cents   INTEGER,               -- final charge; NULL until done
    rush_yn        VARCHAR NOT NULL,      -- 'Y' / 'N'
    alt_status     VARCHAR NOT NULL,      -- 'OPEN', 'DONE', 'CANCELLED'
    created_dt     DATE NOT NULL,
    done_dt        DATE
);

CREATE TABLE fittings (
    shop_grp_id    VARCHAR NOT NULL,
    fitting_id     BIGINT NOT NULL,
    alt_id         BIGINT NOT NULL,
    seamstress_id  INTEGER NOT NULL,
    fit_ts         TIMESTAMP NOT NULL,
    fit_no         SMALLINT NOT NULL,     -- 1st, 2nd, 3rd visit for the ticket
    fit_status     VARCHAR NOT NULL       -- 'DONE', 'NO_SHOW', 'RESCHEDULED'
);

CREATE TABLE acc_sales (
    shop_grp_id    VARCHAR NOT NULL,
    sale_id        BIGINT NOT NULL,
    btq_id         INTEGER NOT NULL,
    bride_id       INTEGER,               -- NULL for walk-in shoppers
    sold_ts        TIMESTAMP NOT NULL,
    category       VARCHAR NOT NULL,      -- 'VEIL', 'HEADPIECE', 'BELT', 'JEWELRY', 'SHOES', 'GARTER'
    sku            VARCHAR NOT NULL,
    qty            SMALLINT NOT NULL,
    net_cents      INTEGER NOT NULL,      -- after discounts, before tax
    line_status    VARCHAR NOT NULL,      -- 'SOLD', 'RETURNED'
    returned_dt    DATE,
    void_flg       VARCHAR NOT NULL       -- 'Y' / 'N'
);
