-- ============================================================================================
-- event_photography: the warehouse of an event-photography business platform (DuckDB DDL for
-- labelling)
--
-- Company: "Framewell" sells booking, contract, invoicing, crew-scheduling and client-gallery
-- software to photography studios (weddings, corporate events, school portraits, family and
-- engagement sessions). Every studio account is a tenant of one shared DuckDB warehouse
-- (MotherDuck), all tables keyed by acct_id. The deployment here is account 'ST-2208',
-- Brightframe Collective, a studio group with four locations: Portland Pearl, Seattle Ballard,
-- Bend and Boise (opened on 2026-03-02), plus Eugene, closed at the end of 2025 and
-- soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'ST-1150' (Golden
-- Hour Studio) and 'ST-3391' (Northlight Events).
--
-- Warehouse: DuckDB (date_trunc, INTERVAL 1 MONTH, date_diff('day', a, b), date - date is a
-- number of days, strftime, COUNT(*) FILTER (WHERE ..), count_if, QUALIFY, arg_max; `/` between
-- integers is a DOUBLE division in DuckDB, `//` the integer one). Money is stored in cents
-- (*_cents, INTEGER or BIGINT); every figure shown to users is in dollars (cents / 100).
-- Agent: `shutter-sql`, versions 2.0, 2.1 and 2.2, deployed for account 'ST-2208'.
-- Log window: 2026-11-02 to 2026-11-27. The warehouse is loaded up to 2026-11-01 (the nightly
-- load has been paused since for the platform's migration): nothing is dated after it except
-- what is scheduled ahead (bookings' event dates, shoot days SCHEDULED, payment due dates,
-- galleries' due dates). No payment installment falls due between 2026-11-02 and 2026-11-30.
-- So "last month" is October 2026, "this month" November 2026 (nothing recorded yet),
-- "this quarter" Q4 2026 to date, "last quarter" July-September 2026, "ytd" / "this year" 2026
-- to date, "last year" 2025, "last 6 months" the six whole months May-October 2026, "next 30
-- days" today to today + 30 days inclusive, "rn" / "right now" / "open" the state at the load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `acct_id = 'ST-2208'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = false` on clients ('ZZ Test Couple', 'Demo Corp (test)') and
--     bookings (their demo bookings, keyed during onboarding and later to try features: a
--     completed wedding in June 2026, a corporate day in July, a Mini Session in October and a
--     wedding signed on 2026-10-29). The demo bookings' payments, shoot days and galleries
--     carry no flag of their own: they are excluded only through bookings (join bookings and
--     keep is_test = false). Demo bookings have no print orders and no edit requests;
--   * voids: `void_flg = 0` on payments (a payment keyed twice by the studio and voided);
--   * soft deletes: `deleted_at IS NULL` on locations (the closed Eugene location, no rows
--     dated after 2025), clients (merged duplicate profiles; their bookings were moved to the
--     surviving profile, so they have none) and photographers (a profile keyed twice, with no
--     shoot days). These guards matter where that table is the population counted or listed
--     ("which locations ...", "how many new clients ...", "which photographers ...").
--
-- Business conventions of the studio (what a careful analyst would apply):
--   * bookings: one row per event booked. status_cd 'HOLD' (a date held for an enquiry, no
--     signed contract yet), 'EXPIRED' (a hold that lapsed unsigned), 'BOOKED' (contract signed,
--     event upcoming), 'COMPLETED' (event shot) and 'CANCELLED' (cancel_dt set). A booking
--     counts as booked once its contract is signed (contract_signed_dt NOT NULL): HOLD and
--     EXPIRED rows are enquiries, never bookings. event_type 'WEDDING', 'CORPORATE', 'SCHOOL'
--     (school portrait and graduation days) or 'PORTRAIT' (family, engagement and mini
--     sessions). pkg_id is NULL for a custom quote. hrs_booked is the coverage contracted
--     (the package's hours plus extra hours bought); contract_amt_cents the contract total;
--     retainer_cents the retainer (deposit) the contract asks for at signing.
--   * "bookings signed" / "new bookings" / "booked value" in a period = signed contracts dated
--     by contract_signed_dt, later cancellations included (a cancelled contract was still
--     sold); booked value = SUM(contract_amt_cents). Events "shot" / "held" / "we did" in a
--     period = COMPLETED bookings dated by event_dt. "Weddings this year" as events = BOOKED or
--     COMPLETED weddings with event_dt in 2026. Average booking value = AVG(contract_amt_cents)
--     of signed bookings.
--   * cancellations: CANCELLED bookings dated by cancel_dt; retained_cents is the part of the
--     retainer the studio kept (0 when it was refunded: that retainer payment then shows
--     pmt_status 'REFUNDED'). "Retained deposits" = SUM(retained_cents).
--   * payments: the payment schedule, one row per installment: inst_type 'RETAINER' (due and
--     paid at signing), 'INSTALLMENT' (weddings, half-way) and 'FINAL'. pmt_status 'PAID'
--     (paid_dt and paid_amt_cents set), 'DUE' (not paid yet), 'WAIVED' (installments falling
--     after a cancellation, never owed) or 'REFUNDED' (a retainer paid and then refunded).
--     Revenue = cash collected = SUM(paid_amt_cents) of PAID, non-void installments dated by
--     paid_dt (retainers kept on cancelled bookings included; refunded ones are not revenue).
--     Overdue = DUE installments with due_dt before today; outstanding balance = SUM(amt_due_
--     cents) of DUE installments (due or not yet due). On-time payment rate for a period =
--     installments due in it (by due_dt, WAIVED left out, REFUNDED ones were paid) paid on or
--     before their due date (paid_dt <= due_dt) / all of them, as a percentage; unpaid ones
--     count as late.
--   * shoot_days: one row per photographer slot per shoot day (a wedding has a LEAD and
--     usually a SECOND shooter; some weddings add a rehearsal day, some school days a retake
--     day). shoot_role is the role on that shoot (leads sometimes second-shoot). ph_id is NULL
--     for an outside freelancer with no profile on the platform, or for a second-shooter slot
--     not filled yet. attend_cd 'SCHEDULED' (upcoming), 'WORKED', 'NO_SHOW' (the photographer
--     did not turn up; the substitute gets a row of their own) or 'CANCELLED' (the booking was
--     cancelled). A "shoot" of a photographer = one WORKED shoot day; "hours shot" =
--     SUM(hrs_worked) of WORKED rows (sched_hrs is the plan). No-show rate = NO_SHOW / (WORKED +
--     NO_SHOW) rows, as a percentage. Shooter cost = SUM(hrs_worked * hourly_rate_cents) of
--     WORKED rows, by the booking's location (outside freelancers, ph_id NULL, are paid by
--     invoice off-platform and not in it). A wedding "has a second shooter assigned" when it
--     has a SECOND row with a ph_id.
--   * photographers: role_cd is the photographer's usual role ('LEAD' or 'SECOND'), emp_type
--     'STAFF' or 'FREELANCE'; home_loc_id is where they are based (they shoot for every
--     location); term_dt set for leavers. "Photographers" / "our shooters" rn = deleted_at IS
--     NULL and term_dt IS NULL.
--   * galleries: one 'SNEAK' (sneak peek, weddings, within a week) and one 'FINAL' gallery per
--     completed booking. status 'IN_EDIT' (not delivered yet: delivered_dt and img_cnt NULL) or
--     'DELIVERED'. due_dt is the delivery date promised (42 days after a wedding, 14 after
--     corporate and portrait sessions, 21 after school days). "Galleries delivered" = FINAL
--     galleries dated by delivered_dt; delivered "on time" = delivered_dt <= due_dt; on-time
--     rate for a period = on-time FINAL galleries delivered in it / FINAL galleries delivered
--     in it, as a percentage. Turnaround = days from event_dt to the FINAL delivered_dt.
--   * print_orders: one row per order from a client's gallery store; product_cd 'PRINT',
--     'ALBUM' or 'WALL_ART' (all of them are "prints & albums"). order_status 'PAID',
--     'PENDING' (awaiting payment) or 'REFUNDED'. Print sales = SUM(amt_cents) of PAID orders
--     dated by order_dt.
--   * edit_requests: a client's request on a delivered gallery: req_type 'RETOUCH',
--     'REDELIVERY' (the gallery re-sent: a broken link, a new export size), 'RECROP' or
--     'COLOR'. req_status 'OPEN', 'DONE' or 'DECLINED'; closed_dt is set when DONE or DECLINED.
--     Turnaround of edits = days from req_dt to closed_dt of DONE requests. fee_cents is the
--     fee billed for extra edits (0 when free).
--   * clients: client_type 'INDIVIDUAL', 'CORPORATE' or 'SCHOOL'; created_dt is when the
--     client profile was created (at the first enquiry). "New clients" in a period = profiles
--     created in it (test and merged duplicates left out), whether they booked or not. A
--     repeat client / "booked more than once" = a client with two or more signed bookings.
--   * packages: the catalogue; active_yn 'N' for a retired package (bookings kept). A package
--     "booked" = a signed booking on it (holds do not count).
-- ============================================================================================

CREATE TABLE locations (
    acct_id      VARCHAR NOT NULL,
    loc_id       INTEGER NOT NULL,       -- unique across the platform
    loc_cd       VARCHAR NOT NULL,       -- e.g. 'PDX'
    loc_nm       VARCHAR NOT NULL,
    city         VARCHAR NOT NULL,
    opened_dt    DATE NOT NULL,
    deleted_at   TIMESTAMP               -- closed location, history kept
);

CREATE TABLE photographers (
    acct_id            VARCHAR NOT NULL,
    ph_id              INTEGER NOT NULL,
    ph_nm              VARCHAR NOT NULL,
    role_cd            VARCHAR NOT NULL,  -- usual role: 'LEAD', 'SECOND'
    emp_type           VARCHAR NOT NULL,  -- 'STAFF', 'FREELANCE'
    home_loc_id        INTEGER NOT NULL,
    hourly_rate_cents  INTEGER NOT NULL,
    hired_dt           DATE NOT NULL,
    term_dt            DATE,              -- set for leavers
    deleted_at         TIMESTAMP          -- profile keyed twice
);

CREATE TABLE clients (
    acct_id      VARCHAR NOT NULL,
    client_id    INTEGER NOT NULL,
    client_nm    VARCHAR NOT NULL,        -- couple, person, company or school
    client_type  VARCHAR NOT NULL,        -- 'INDIVIDUAL', 'CORPORATE', 'SCHOOL'
    email        VARCHAR,
    ref_src      VARCHAR,                 -- 'GOOGLE', 'INSTAGRAM', 'REFERRAL', 'VENUE'; NULL when not asked
    created_dt   DATE NOT NULL,
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP                -- merged duplicate
);

CREATE TABLE packages (
    acct_id           VARCHAR NOT NULL,
    pkg_id            INTEGER NOT NULL,
    pkg_nm            VARCHAR NOT NULL,
    event_type        VARCHAR NOT NULL,   -- 'WEDDING', 'CORPORATE', 'SCHOOL', 'PORTRAIT'
    hrs_incl          DECIMAL(4,1) NOT NULL,  -- coverage hours included
    base_price_cents  INTEGER NOT NULL,
    min_images        INTEGER NOT NULL,   -- images promised at least
    active_yn         VARCHAR NOT NULL    -- 'Y', 'N' (retired)
);

CREATE TABLE bookings (
    acct_id             VARCHAR NOT NULL,
    bkg_id              INTEGER NOT NULL,
    client_id           INTEGER NOT NULL,
    loc_id              INTEGER NOT NULL,  -- the location that sold and runs the booking
    pkg_id              INTEGER,           -- NULL for a custom quote
    event_type          VARCHAR NOT NULL,  -- 'WEDDING', 'CORPORATE', 'SCHOOL', 'PORTRAIT'
    venue_nm            VARCHAR,
    inquiry_dt          DATE NOT NULL,
    contract_signed_dt  DATE,              -- NULL for HOLD / EXPIRED
    event_dt            DATE NOT NULL,
    hrs_booked          DECIMAL(4,1) NOT NULL,
    contract_amt_cents  BIGINT NOT NULL,
    retainer_cents      INTEGER NOT NULL,
    status_cd           VARCHAR NOT NULL,  -- 'HOLD', 'EXPIRED', 'BOOKED', 'COMPLETED', 'CANCELLED'
    cancel_dt           DATE,
    cancel_rsn          VARCHAR,
    retained_cents      INTEGER NOT NULL,  -- retainer kept on cancellation (0 otherwise)
    is_test             BOOLEAN NOT NULL
);

CREATE TABLE payments (
    acct_id         VARCHAR NOT NULL,
    pmt_id          INTEGER NOT NULL,
    bkg_id          INTEGER NOT NULL,
    inst_no         SMALLINT NOT NULL,
    inst_type       VARCHAR NOT NULL,      -- 'RETAINER', 'INSTALLMENT', 'FINAL'
    due_dt          DATE NOT NULL,
    amt_due_cents   INTEGER NOT NULL,
    pmt_status      VARCHAR NOT NULL,      -- 'PAID', 'DUE', 'WAIVED', 'REFUNDED'
    paid_dt         DATE,
    paid_amt_cents  INTEGER,
    pay_method      VARCHAR,               -- 'CARD', 'ACH', 'CHECK'
    void_flg        SMALLINT NOT NULL      -- 1: keyed in error and voided
);

CREATE TABLE shoot_days (
    acct_id      VARCHAR NOT NULL,
    shoot_id     INTEGER NOT NULL,
    bkg_id       INTEGER NOT NULL,
    shoot_dt     DATE NOT NULL,
    ph_id        INTEGER,                  -- NULL: outside freelancer, or slot not filled yet
    shoot_role   VARCHAR NOT NULL,         -- 'LEAD', 'SECOND'
    sched_hrs    DECIMAL(4,1) NOT NULL,
    hrs_worked   DECIMAL(4,1),             -- set when WORKED
    attend_cd    VARCHAR NOT NULL          -- 'SCHEDULED', 'WORKED', 'NO_SHOW', 'CANCELLED'
);

CREATE TABLE galleries (
    acct_id       VARCHAR NOT NULL,
    gallery_id    INTEGER NOT NULL,
    bkg_id        INTEGER NOT NULL,
    gallery_type  VARCHAR NOT NULL,        -- 'SNEAK', 'FINAL'
    due_dt        DATE NOT NULL,           -- delivery promised
    delivered_dt  DATE,
    img_cnt       INTEGER,                 -- images delivered
    status        VARCHAR NOT NULL         -- 'IN_EDIT', 'DELIVERED'
);

CREATE TABLE print_orders (
    acct_id       VARCHAR NOT NULL,
    order_id      INTEGER NOT NULL,
    gallery_id    INTEGER NOT NULL,
    order_dt      DATE NOT NULL,
    product_cd    VARCHAR NOT NULL,        -- 'PRINT', 'ALBUM', 'WALL_ART'
    qty           INTEGER NOT NULL,
    amt_cents     INTEGER NOT NULL,
    order_status  VARCHAR NOT NULL         -- 'PAID', 'PENDING', 'REFUNDED'
);

CREATE TABLE edit_requests (
    acct_id     VARCHAR NOT NULL,
    req_id      INTEGER NOT NULL,
    gallery_id  INTEGER NOT NULL,
    req_dt      DATE NOT NULL,
    req_type    VARCHAR NOT NULL,          -- 'RETOUCH', 'REDELIVERY', 'RECROP', 'COLOR'
    img_cnt     INTEGER,                   -- images concerned; NULL for a re-delivery
    req_status  VARCHAR NOT NULL,          -- 'OPEN', 'DONE', 'DECLINED'
    closed_dt   DATE,
    fee_cents   INTEGER NOT NULL
);
