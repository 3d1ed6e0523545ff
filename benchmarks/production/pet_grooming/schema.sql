-- ============================================================================================
-- pet_grooming: the warehouse of a pet-grooming and daycare chain platform (DuckDB DDL for
-- labelling)
--
-- Company: "Groomly" runs booking, check-in, point-of-sale, daycare and groomer-payroll software
-- for pet-grooming chains (salons and mobile grooming vans). Every chain is a tenant of one
-- shared DuckDB warehouse: its locations, groomers and bathers, pet owners (clients) and their
-- pets, the service catalogue, grooming appointments and their service lines (main service and
-- add-ons), payments with tips, refunds, daycare visits, memberships and prepaid packages,
-- vaccination records and retail product sales, all keyed by grp_id. Other chains (PG-0311,
-- PG-0950) share every table.
--
-- Warehouse: DuckDB (date_trunc('month', ...), INTERVAL arithmetic, date_diff('day', a, b),
-- count_if / FILTER (WHERE ...), QUALIFY, dayname(), strftime(); `/` is always decimal division,
-- `//` integer division). The agent writes dialect `duckdb`.
-- Agent: `fluffy`, versions 4.0, 4.1 and 4.2, deployed for chain PG-0627 ("Wag & Whiskers
-- Grooming Co.": salons Hawthorne, Pearl District and Beaverton, and Lake Oswego, opened
-- 2026-08-15; mobile vans Van 1 (since 2023), Van 2 (since March 2025) and Van 3, sold and
-- closed on 2026-05-31 with its history kept; a Hawthorne location row keyed twice and deleted).
-- Log window: 2026-10-12 to 2026-10-30; the warehouse is loaded up to 2026-10-11 (appointments
-- later than that are in the data as BOOKED: owners book ahead; payments, daycare visits,
-- retail sales and refunds stop at 2026-10-11). So "today" / "rn" is the record's date; "last
-- month" is September 2026, "this month" October 2026 to date, "this quarter" / "this qtr" Q4
-- 2026 to date (October 1 to today), "last quarter" / "last qtr" Q3 2026 (July-September),
-- "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six whole months
-- April-September 2026, "last 90 days" the 90 days before today, "next 2 weeks" today and the
-- 13 days after it (appt_ts >= today and < today + 14 days), "vs last year" / "same qtr last
-- year" the same period a year earlier.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'PG-0627'` on every table of every query (row-level security);
--   * test rows: `is_test = false` on owners and appointments (front-desk training clients and
--     their bookings). Daycare visits, memberships and vaccinations carry no flag: those of test
--     owners are left out through the pet's / member's owner (pets -> owners.is_test);
--   * soft deletes: `deleted_at IS NULL` on locations (a row keyed twice), groomers (a profile
--     keyed twice), owners (merged duplicate clients; their pets were moved to the surviving
--     profile, so appointments need no owner join for this), pets (pets that passed away or were
--     rehomed: their past appointments and visits stay and still count in history; lists and
--     counts of a client's pets leave them out), memberships (plans entered in error) and
--     vaccinations (records keyed in error);
--   * void rows: `is_void = false` on payments, refunds and retail_sales (voided at the till and
--     re-keyed).
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * an appointment is one pet's grooming visit at a location (salon or van), dated by appt_ts
--     (when the groom is scheduled), not booked_ts (when it was made). status: BOOKED
--     (upcoming), COMPLETED (groomed), NO_SHOW (owner never came), CANCELLED (cancel_reason
--     OWNER, SALON, WEATHER (vans) or VACCINE_EXPIRED: the booking system blocks an
--     appointment whose pet has no current rabies record and the front desk cancels it).
--     Appointment counts leave CANCELLED out unless the question is about cancellations.
--     groomer_id is NULL on upcoming appointments not yet assigned and on some cancellations.
--   * grooming revenue = SUM(appt_services.price_amt - appt_services.discount_amt) over the
--     lines of COMPLETED appointments (main service and add-ons; lines of no-shows and
--     cancellations were never performed). Tips are not revenue (they go to the groomer);
--     refunds are reported on their own; package- and membership-paid grooms still carry their
--     line prices. "avg ticket" = grooming revenue per COMPLETED appointment. A location's
--     revenue is by appointments.loc_id; a groomer's by appointments.groomer_id.
--   * add-ons are services with services.is_addon = true; add-on attach rate = COMPLETED
--     appointments with at least one add-on line / COMPLETED appointments.
--   * commission = grooming revenue of the groomer's COMPLETED appointments * commission_pct /
--     100 (groomers.commission_pct is a percentage, e.g. 45.00); tips and retail earn none.
--   * tips = SUM(payments.tip_amt) of non-void payments, dated by paid_ts; an appointment may
--     be paid in two parts (two payment rows, e.g. gift card + card). Tip % / tip rate =
--     SUM(tip_amt) / SUM(amount) of the same payments, as a percentage.
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW), dated by appt_ts; cancellation rate =
--     CANCELLED / all appointments of the period. Lead time = date_diff('day', booked date,
--     appt date). Groom time = duration_min of COMPLETED appointments.
--   * channel: ONLINE (web booking), APP (mobile app), PHONE, WALKIN. "Booked online" means
--     self-booked by the owner: ONLINE or APP.
--   * vaccinations: dogs and cats must have a current rabies record to be groomed or to attend
--     daycare (rabbits are exempt). A record counts only when verified = true (the vet's
--     paperwork was checked; owner-reported dates are not enough) and not deleted; it is current
--     for a date when expires_dt >= that date. For an upcoming appointment "current" is judged
--     on the appointment's date.
--   * daycare: a visit is one pet's day at a salon (vans have no daycare), dated by
--     checkin_ts; status COMPLETED (attended), NO_SHOW, CANCELLED. Check-ins / visits count
--     COMPLETED visits. Daycare revenue = SUM(price_amt) of COMPLETED visits (visits covered by
--     a daycare membership or package carry price_amt 0). Stay = hours from checkin_ts to
--     checkout_ts (fractional hours).
--   * memberships: kind MEMBERSHIP (monthly plans GROOM_CLUB, DAYCARE_UNLIMITED: monthly_fee)
--     or PACKAGE (prepaid bundles BATH_5PACK, DAYCARE_10PACK: price_amt, sessions_total,
--     sessions_used, expiring on end_dt). status ACTIVE, PAUSED (a member's freeze: not
--     active), CANCELLED (cancel_dt, cancel_reason, NULL when none was given), EXPIRED,
--     USED_UP. Active memberships = kind MEMBERSHIP, status ACTIVE. "members" are owners with
--     an active membership. Unused package sessions = sessions_total - sessions_used of ACTIVE
--     packages whose end_dt is today or later (the nightly job that expires packages lags, so
--     a few ACTIVE packages are already past end_dt: those sessions are lost).
--   * retail = product sales at the till (shampoo, treats, accessories, toys, food), dated by
--     sale_ts; retail revenue = SUM(net_amt) of non-void sales; owner_id is NULL for walk-in
--     shoppers. Refunds (refunds.amount, non-void, dated by refund_ts) are for a grooming
--     appointment (appt_id) or a retail sale (sale_id).
--   * new clients = owners with created_dt in the period (non-test, not deleted).
--   * active groomers = groomers not deleted whose term_dt is NULL or later than the period;
--     role GROOMER or BATHER (bathers do bath-only appointments). A groomer's location is
--     home_loc_id; an appointment's location is appointments.loc_id.
--   * size_cd: S, M, L, XL (by weight); species DOG, CAT, RABBIT; weekday by dayname(appt_ts
--     or checkin_ts).
-- ============================================================================================

CREATE TABLE locations (
    grp_id            VARCHAR NOT NULL,
    loc_id            INTEGER PRIMARY KEY,
    loc_nm            VARCHAR NOT NULL,
    loc_type          VARCHAR NOT NULL,          -- SALON, VAN
    city              VARCHAR NOT NULL,
    daycare_capacity  INTEGER,                   -- NULL where there is no daycare (vans)
    opened_dt         DATE NOT NULL,
    closed_dt         DATE,
    deleted_at        TIMESTAMP
);

CREATE TABLE groomers (
    grp_id            VARCHAR NOT NULL,
    groomer_id        INTEGER PRIMARY KEY,
    groomer_nm        VARCHAR NOT NULL,
    role              VARCHAR NOT NULL,          -- GROOMER, BATHER
    home_loc_id       INTEGER NOT NULL,
    commission_pct    DECIMAL(5,2) NOT NULL,     -- percent of grooming revenue, e.g. 45.00
    hired_dt          DATE NOT NULL,
    term_dt           DATE,                      -- last day employed
    deleted_at        TIMESTAMP
);

CREATE TABLE owners (
    grp_id            VARCHAR NOT NULL,
    owner_id          INTEGER PRIMARY KEY,
    owner_nm          VARCHAR NOT NULL,
    email             VARCHAR,
    city              VARCHAR,
    created_dt        DATE NOT NULL,
    is_test           BOOLEAN NOT NULL,
    deleted_at        TIMESTAMP
);

CREATE TABLE pets (
    grp_id            VARCHAR NOT NULL,
    pet_id            INTEGER PRIMARY KEY,
    owner_id          INTEGER NOT NULL,
    pet_nm            VARCHAR NOT NULL,
    species           VARCHAR NOT NULL,          -- DOG, CAT, RABBIT
    breed             VARCHAR NOT NULL,
    size_cd           VARCHAR NOT NULL,          -- S, M, L, XL
    birth_dt          DATE,
    created_dt        DATE NOT NULL,
    deleted_at        TIMESTAMP                  -- passed away or rehomed
);

CREATE TABLE services (
    grp_id            VARCHAR NOT NULL,
    svc_id            INTEGER PRIMARY KEY,
    svc_nm            VARCHAR NOT NULL,
    is_addon          BOOLEAN NOT NULL,
    base_price        DECIMAL(8,2) NOT NULL      -- list price for a medium pet
);

CREATE TABLE appointments (
    grp_id            VARCHAR NOT NULL,
    appt_id           INTEGER PRIMARY KEY,
    pet_id            INTEGER NOT NULL,
    loc_id            INTEGER NOT NULL,
    groomer_id        INTEGER,                   -- NULL while unassigned
    booked_ts         TIMESTAMP NOT NULL,
    appt_ts           TIMESTAMP NOT NULL,
    channel           VARCHAR NOT NULL,          -- ONLINE, APP, PHONE, WALKIN
    status            VARCHAR NOT NULL,          -- BOOKED, COMPLETED, NO_SHOW, CANCELLED
    cancel_reason     VARCHAR,                   -- OWNER, SALON, WEATHER, VACCINE_EXPIRED
    duration_min      INTEGER,                   -- groom time, COMPLETED only
    membership_id     INTEGER,                   -- set when paid by a membership or package
    is_test           BOOLEAN NOT NULL
);

CREATE TABLE appt_services (
    grp_id            VARCHAR NOT NULL,
    line_id           INTEGER PRIMARY KEY,
    appt_id           INTEGER NOT NULL,
    svc_id            INTEGER NOT NULL,
    price_amt         DECIMAL(8,2) NOT NULL,     -- price for this pet (size-based)
    discount_amt      DECIMAL(8,2) NOT NULL
);

CREATE TABLE payments (
    grp_id            VARCHAR NOT NULL,
    pay_id            INTEGER PRIMARY KEY,
    appt_id           INTEGER NOT NULL,
    paid_ts           TIMESTAMP NOT NULL,
    method            VARCHAR NOT NULL,          -- CARD, CASH, GIFT_CARD, PACKAGE
    amount            DECIMAL(8,2) NOT NULL,     -- for services, tip excluded
    tip_amt           DECIMAL(8,2) NOT NULL,
    is_void           BOOLEAN NOT NULL
);

CREATE TABLE refunds (
    grp_id            VARCHAR NOT NULL,
    refund_id         INTEGER PRIMARY KEY,
    appt_id           INTEGER,                   -- a grooming refund
    sale_id           INTEGER,                   -- a retail refund
    refund_ts         TIMESTAMP NOT NULL,
    amount            DECIMAL(8,2) NOT NULL,
    reason            VARCHAR NOT NULL,          -- UNHAPPY, INJURY, DOUBLE_CHARGE, RETURN
    is_void           BOOLEAN NOT NULL
);

CREATE TABLE daycare_visits (
    grp_id            VARCHAR NOT NULL,
    visit_id          INTEGER PRIMARY KEY,
    pet_id            INTEGER NOT NULL,
    loc_id            INTEGER NOT NULL,
    checkin_ts        TIMESTAMP NOT NULL,        -- the reserved drop-off time for no-shows / cancellations
    checkout_ts       TIMESTAMP,                 -- NULL unless COMPLETED
    day_type          VARCHAR NOT NULL,          -- FULL, HALF
    status            VARCHAR NOT NULL,          -- COMPLETED, NO_SHOW, CANCELLED
    price_amt         DECIMAL(8,2) NOT NULL,     -- 0 when covered by a membership or package
    membership_id     INTEGER
);

CREATE TABLE memberships (
    grp_id            VARCHAR NOT NULL,
    membership_id     INTEGER PRIMARY KEY,
    owner_id          INTEGER NOT NULL,
    kind              VARCHAR NOT NULL,          -- MEMBERSHIP, PACKAGE
    plan_cd           VARCHAR NOT NULL,          -- GROOM_CLUB, DAYCARE_UNLIMITED, BATH_5PACK, DAYCARE_10PACK
    monthly_fee       DECIMAL(8,2),              -- memberships
    price_amt         DECIMAL(8,2),              -- packages
    sessions_total    INTEGER,                   -- packages
    sessions_used     INTEGER,                   -- packages
    start_dt          DATE NOT NULL,
    end_dt            DATE,                      -- package expiry; a membership's last day
    status            VARCHAR NOT NULL,          -- ACTIVE, PAUSED, CANCELLED, EXPIRED, USED_UP
    cancel_dt         DATE,
    cancel_reason     VARCHAR,                   -- MOVED, PRICE, PET_PASSED, UNHAPPY; NULL if not given
    deleted_at        TIMESTAMP
);

CREATE TABLE vaccinations (
    grp_id            VARCHAR NOT NULL,
    vacc_id           INTEGER PRIMARY KEY,
    pet_id            INTEGER NOT NULL,
    vaccine           VARCHAR NOT NULL,          -- RABIES, DHPP, BORDETELLA, FVRCP
    given_dt          DATE NOT NULL,
    expires_dt        DATE NOT NULL,
    verified          BOOLEAN NOT NULL,          -- vet paperwork checked
    deleted_at        TIMESTAMP
);

CREATE TABLE retail_sales (
    grp_id            VARCHAR NOT NULL,
    sale_id           INTEGER PRIMARY KEY,
    loc_id            INTEGER NOT NULL,
    owner_id          INTEGER,                   -- NULL for walk-in shoppers
    sale_ts           TIMESTAMP NOT NULL,
    sku               VARCHAR NOT NULL,
    category          VARCHAR NOT NULL,          -- SHAMPOO, TREATS, ACCESSORIES, TOYS, FOOD
    qty               INTEGER NOT NULL,
    unit_price        DECIMAL(8,2) NOT NULL,
    net_amt           DECIMAL(10,2) NOT NULL,    -- after discounts, before tax
    is_void           BOOLEAN NOT NULL
);
