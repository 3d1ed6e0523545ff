-- ============================================================================================
-- day_spas: the warehouse of a day-spa booking and retail platform (DuckDB DDL for labelling)
--
-- Company: "Lumen Spa Cloud" sells online booking, front-desk check-in, POS, gift-card, package
-- and membership software to day-spa groups. Every spa group is a tenant of one shared Amazon
-- Redshift warehouse, every table keyed by spa_grp_id. The deployment here is spa group
-- 'SG-3318', Willow & Stone Day Spas (Oregon and Washington): Pearl District (loc 11, Portland),
-- Lake Oswego (12), Bend (13), Kirkland (14, opened 2026-03-14) and Hawthorne (15, Portland),
-- closed on 2025-09-30 and soft-deleted with its history kept. Other tenants in the warehouse:
-- 'SG-1104' (Tidewater Spa Collective) and 'SG-2760' (Cedar Hollow Wellness).
--
-- Warehouse: Amazon Redshift (DATE_TRUNC, DATEADD(month, n, d), DATEDIFF(day, a, b), GETDATE(),
-- SYSDATE, CURRENT_DATE, INTERVAL '24 hours', date - integer = date, DATE_PART / EXTRACT,
-- TO_CHAR, NVL, DECODE, LISTAGG, QUALIFY; no FILTER clause, no COUNT_IF). `/` between integers
-- is integer division and AVG over an INTEGER column returns an integer, as in Redshift: money
-- on appointments is in integer cents, so dollars need `/ 100.0`. Flags are CHAR(1) 'Y' / 'N'.
-- The agent writes dialect `redshift`.
-- Agent: `serene-sql`, versions 4.0, 4.1 and 4.2, deployed for spa group 'SG-3318'.
-- Log window: 2026-11-02 to 2026-11-27. The copy kept for labelling is the nightly load of
-- 2026-11-02: appointments up to 2026-11-01 are settled (COMPLETED, NO_SHOW or CANCELLED);
-- appointments dated from 2026-11-02 on are still 'BOOKED' (or 'CANCELLED' in advance, all of
-- them dated in November), retail, gift cards, packages and redemptions run to 2026-11-01.
-- So "last month" is October 2026, "last quarter" Q3 (July-September 2026), "ytd" / "this
-- year" 2026 to date, "last year" 2025, "last week" the Monday-to-Sunday week before the
-- current one (DATE_TRUNC('week') is Monday), "next 7 days" from today to today + 6 days
-- (appt_ts >= today and < today + 7), "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `spa_grp_id = 'SG-3318'` on every table of every query (row-level security;
--     ids are unique across the platform);
--   * test rows: `test_flg = 'N'` on clients (front-desk training profiles 'Training Client'
--     and 'Desk Test') and appointments (bookings keyed on the training desk; they all sit on
--     the training profiles). The training profiles' memberships and intake forms carry no
--     flag of their own: they are excluded through clients;
--   * voids: `void_flg = 'N'` on retail_sales (receipts rung in error and re-rung) and
--     prepaids (gift cards and packages voided at the desk);
--   * soft deletes: `deleted_at IS NULL` on locations (the closed Hawthorne spa, no rows dated
--     after 2025-09-30), therapists (a profile keyed twice, with no appointments) and clients
--     (merged duplicate profiles whose appointments moved to the surviving profile). These
--     matter where that table is the population listed or counted.
--
-- Business conventions of Willow & Stone (what a careful analyst applies):
--   * appointments: one row per booked service. status_cd 'BOOKED' (upcoming), 'COMPLETED',
--     'NO_SHOW' or 'CANCELLED' (cancel_ts set). Dated by appt_ts (the start). "Visits" /
--     "treatments" / "appointments done" = COMPLETED appointments. client_id is NULL for
--     anonymous walk-ins (booking_chnl 'WALK_IN' with no profile). booking_chnl 'WEB', 'APP',
--     'PHONE', 'WALK_IN' or 'PARTNER' (marketplaces such as gift-booking sites); "online" = WEB
--     and APP only.
--   * revenue (unqualified) = service revenue = SUM(svc_price_cents) / 100.0 of COMPLETED
--     appointments, dated by appt_ts. svc_price_cents is the price charged after discounts
--     (member 10 %, promotions), whatever paid for it (card, gift card, package, member credit);
--     services.list_price_cents is the menu price. Tips and late fees are not revenue.
--   * tips: tip_cents on COMPLETED appointments, NULL when no tip was left (a visit without a
--     tip tips 0). Tips go to the therapist and are not commissionable.
--   * commission = svc_price_cents * therapists.commission_rt of the therapist's COMPLETED
--     appointments (the rate on the therapist's profile), in dollars.
--   * no-show = status_cd 'NO_SHOW'; no-show rate = NO_SHOW / (COMPLETED + NO_SHOW), as a
--     percentage (cancellations are not in it). A late cancel = a CANCELLED appointment whose
--     cancel_ts is less than 24 hours before appt_ts (cancel_ts > appt_ts - 24 hours). Late
--     fees = SUM(late_fee_cents) / 100.0; a fee is charged on no-shows and late cancels (0 when
--     waived), dated by appt_ts.
--   * on time = a COMPLETED appointment checked in at or before its start (checkin_ts <=
--     appt_ts); on-time rate = on-time / COMPLETED appointments with a check-in recorded
--     (checkin_ts is NULL when the desk skipped the check-in), as a percentage.
--   * clients: "active clients" = clients (not test, not deleted) with at least one COMPLETED
--     appointment in the 12 months back from today (appt_ts >= today - 12 months). A client's
--     first visit = their earliest COMPLETED appointment; "last visit" = their latest COMPLETED
--     appointment. "Lapsed" / "haven't been in for N days" = clients who have visited but have
--     no COMPLETED appointment in the last N days.
--   * intake_forms: clients fill one at first booking and again when something changes; the
--     client's current answers are on their LATEST form (max submitted_ts). "Clients with
--     allergies" = clients whose latest form has allergy_yn = 'Y'.
--   * memberships: one row per membership; plan_cd 'ESSENTIAL', 'SIGNATURE' or 'LUXE';
--     status_cd 'ACTIVE', 'PAUSED' (frozen, not billed) or 'CANCELLED' (end_dt = the day it
--     ended). "Members" = distinct clients with an ACTIVE membership; MRR = SUM(monthly_fee) of
--     ACTIVE memberships. Each ACTIVE membership earns monthly_credits treatment credits a
--     month. "Cancelled last month" = CANCELLED with end_dt in that month; tenure in months =
--     DATEDIFF(month, start_dt, end_dt).
--   * prepaids: gift cards (prepaid_type 'GIFT_CARD', face_amt in dollars, sessions_qty NULL)
--     and packages ('PACKAGE', sessions_qty treatments of svc_id, face_amt = price paid),
--     dated by sold_ts, bought by buyer_client_id (NULL for anonymous gift-card buyers).
--     Gift card sales = SUM(face_amt) of non-void GIFT_CARD rows. A gift card's balance =
--     face_amt - SUM(redm_amt) of its GIFT_CARD redemptions; "outstanding balance" = over
--     non-void cards with expires_dt >= today. A package is used up when its PACKAGE
--     redemptions number sessions_qty.
--   * redemptions: one row per use of a gift card (redm_amt in dollars), a package session
--     (prepaid_id set) or a member credit ('MBR_CREDIT', mbr_id set), against an appointment.
--   * therapists: role_cd 'LMT' (massage), 'EST' (esthetician), 'BODY', 'NAIL'. "Therapists"
--     / "active therapists" = current staff: term_dt IS NULL (and not deleted). home_loc_id is
--     their base; the appointment's loc_id is where they worked. thx_certs: expires_dt NULL
--     for lifetime certificates; "expiring in the next N days" = expires_dt from today to
--     today + N days.
--   * treatment_rooms: room_type 'SINGLE', 'COUPLES' or 'HYDRO'; active_flg 'N' for rooms
--     taken out of service (Bend's steam room since June 2026).
--   * services: the menu; svc_cat 'MASSAGE', 'FACIAL', 'BODY' or 'NAIL'; active_flg 'N' for
--     retired services (their history stays). dur_min is the booked length in minutes.
--   * retail: retail_sales is one row per receipt line; net_amt in dollars after discounts,
--     before tax; retail sales = SUM(net_amt) of non-void lines, dated by sold_ts. thx_id is
--     the therapist credited with the recommendation (NULL at the desk).
-- ============================================================================================

CREATE TABLE locations (
    spa_grp_id     VARCHAR NOT NULL,
    loc_id         INTEGER NOT NULL,      -- unique across the platform
    loc_cd         VARCHAR NOT NULL,      -- e.g. 'PDX'
    loc_nm         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state_cd       CHAR(2) NOT NULL,
    room_cnt       INTEGER NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE treatment_rooms (
    spa_grp_id     VARCHAR NOT NULL,
    room_id        INTEGER NOT NULL,
    loc_id         INTEGER NOT NULL,
    room_nm        VARCHAR NOT NULL,
    room_type      VARCHAR NOT NULL,      -- 'SINGLE', 'COUPLES', 'HYDRO'
    active_flg     CHAR(1) NOT NULL       -- 'N': out of service
);

CREATE TABLE therapists (
    spa_grp_id     VARCHAR NOT NULL,
    thx_id         INTEGER NOT NULL,
    home_loc_id    INTEGER NOT NULL,
    thx_nm         VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'LMT', 'EST', 'BODY', 'NAIL'
    commission_rt  DECIMAL(4,3) NOT NULL, -- share of the service price, e.g. 0.400
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE thx_certs (
    spa_grp_id     VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    thx_id         INTEGER NOT NULL,
    cert_cd        VARCHAR NOT NULL,      -- 'LMT_LICENSE', 'EST_LICENSE', 'HOT_STONE', 'PRENATAL', 'CHEM_PEEL', 'LYMPH_DRAIN'
    issued_dt      DATE NOT NULL,
    expires_dt     DATE                   -- NULL: lifetime
);

CREATE TABLE services (
    spa_grp_id       VARCHAR NOT NULL,
    svc_id           INTEGER NOT NULL,
    svc_nm           VARCHAR NOT NULL,
    svc_cat          VARCHAR NOT NULL,    -- 'MASSAGE', 'FACIAL', 'BODY', 'NAIL'
    dur_min          INTEGER NOT NULL,
    list_price_cents INTEGER NOT NULL,    -- menu price
    active_flg       CHAR(1) NOT NULL     -- 'N': retired
);

CREATE TABLE clients (
    spa_grp_id     VARCHAR NOT NULL,
    client_id      INTEGER NOT NULL,
    client_nm      VARCHAR NOT NULL,
    email          VARCHAR,
    home_loc_id    INTEGER,               -- NULL when never chosen
    signup_dt      DATE NOT NULL,
    acq_src        VARCHAR,               -- 'REFERRAL', 'INSTAGRAM', 'GOOGLE', 'WALK_IN', 'GIFT'; NULL unknown
    test_flg       CHAR(1) NOT NULL,      -- 'Y': front-desk training profile
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE intake_forms (
    spa_grp_id     VARCHAR NOT NULL,
    form_id        INTEGER NOT NULL,
    client_id      INTEGER NOT NULL,
    submitted_ts   TIMESTAMP NOT NULL,
    allergy_yn     CHAR(1) NOT NULL,      -- 'Y': allergies declared on this form
    allergy_txt    VARCHAR,               -- e.g. 'nut oils', 'fragrance'
    pregnant_yn    CHAR(1) NOT NULL,
    pressure_pref  VARCHAR                -- 'LIGHT', 'MEDIUM', 'FIRM'
);

CREATE TABLE appointments (
    spa_grp_id     VARCHAR NOT NULL,
    appt_id        BIGINT NOT NULL,
    client_id      INTEGER,               -- NULL: anonymous walk-in
    loc_id         INTEGER NOT NULL,
    room_id        INTEGER NOT NULL,
    thx_id         INTEGER NOT NULL,
    svc_id         INTEGER NOT NULL,
    booked_ts      TIMESTAMP NOT NULL,
    appt_ts        TIMESTAMP NOT NULL,    -- scheduled start
    booking_chnl   VARCHAR NOT NULL,      -- 'WEB', 'APP', 'PHONE', 'WALK_IN', 'PARTNER'
    status_cd      VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
    checkin_ts     TIMESTAMP,             -- front-desk check-in; NULL if not recorded
    cancel_ts      TIMESTAMP,
    svc_price_cents INTEGER NOT NULL,     -- price charged after discounts
    tip_cents      INTEGER,               -- NULL: no tip
    late_fee_cents INTEGER NOT NULL,      -- no-show / late-cancel fee charged, else 0
    test_flg       CHAR(1) NOT NULL       -- 'Y': training-desk booking
);

CREATE TABLE memberships (
    spa_grp_id      VARCHAR NOT NULL,
    mbr_id          INTEGER NOT NULL,
    client_id       INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,     -- 'ESSENTIAL', 'SIGNATURE', 'LUXE'
    home_loc_id     INTEGER NOT NULL,
    monthly_fee     DECIMAL(7,2) NOT NULL,
    monthly_credits SMALLINT NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,                 -- set when CANCELLED
    status_cd       VARCHAR NOT NULL      -- 'ACTIVE', 'PAUSED', 'CANCELLED'
);

CREATE TABLE prepaids (
    spa_grp_id      VARCHAR NOT NULL,
    prepaid_id      INTEGER NOT NULL,
    prepaid_type    VARCHAR NOT NULL,     -- 'GIFT_CARD', 'PACKAGE'
    buyer_client_id INTEGER,              -- NULL: anonymous buyer
    sold_loc_id     INTEGER NOT NULL,
    sold_ts         TIMESTAMP NOT NULL,
    face_amt        DECIMAL(9,2) NOT NULL,-- card value / package price, dollars
    svc_id          INTEGER,              -- packages: the service
    sessions_qty    SMALLINT,             -- packages: sessions bought; NULL for gift cards
    expires_dt      DATE NOT NULL,
    void_flg        CHAR(1) NOT NULL
);

CREATE TABLE redemptions (
    spa_grp_id     VARCHAR NOT NULL,
    redm_id        INTEGER NOT NULL,
    appt_id        BIGINT NOT NULL,
    redm_type      VARCHAR NOT NULL,      -- 'GIFT_CARD', 'PACKAGE', 'MBR_CREDIT'
    prepaid_id     INTEGER,               -- gift card or package used
    mbr_id         INTEGER,               -- membership whose credit was used
    redm_amt       DECIMAL(9,2) NOT NULL, -- dollars taken off the card / value of the session
    redeemed_ts    TIMESTAMP NOT NULL
);

CREATE TABLE retail_sales (
    spa_grp_id     VARCHAR NOT NULL,
    sale_id        BIGINT NOT NULL,
    loc_id         INTEGER NOT NULL,
    sold_ts        TIMESTAMP NOT NULL,
    client_id      INTEGER,
    thx_id         INTEGER,               -- recommending therapist; NULL at the desk
    sku            VARCHAR NOT NULL,
    product_cat    VARCHAR NOT NULL,      -- 'SKINCARE', 'BODY', 'AROMA', 'ACCESSORY'
    qty            INTEGER NOT NULL,
    net_amt        DECIMAL(9,2) NOT NULL, -- after discounts, before tax
    void_flg       CHAR(1) NOT NULL
);
