-- ============================================================================================
-- trade_shows: the analytics warehouse of an exhibition-organiser platform (DuckDB DDL for
-- labelling)
--
-- Company: "Hallmarq" sells floor-plan, booth-sales, sponsorship, registration, badge-printing,
-- access-control and lead-retrieval software to trade-show organisers. Every organiser is a
-- tenant of one shared analytics warehouse, every table keyed by org_id. The deployment here is
-- organiser 'ORG-2215', Meridian Expo Group, which runs four show series at three venues it
-- rents:
--   * BuildTech Expo (construction) at Messe Nordhafen, Hamburg: 2025, 2026, 2027 (on sale);
--   * FoodPro Summit (food processing) at Rhine Expo Centre, Cologne: 2025, 2026, 2027 (on sale);
--   * MedDevice Forum (medical devices) at Lisbon Congress Park: 2025 and 13-15 October 2026;
--   * Packaging World (new series) at Messe Nordhafen: 3-5 November 2026, its first edition;
--   * AgriTech Days 2026 (Rhine Expo Centre, 15-16 September 2026) was CANCELLED in May 2026;
--     its contracts were cancelled and deposits refunded.
--   * "QA Sandbox Expo" is a test show (is_test) the platform team uses to try the booth shop,
--     badge printers and scanners in production.
-- Other tenants in the warehouse: 'ORG-1180' (Baltic Fairs AB), 'ORG-3307' (Iberia Trade Events).
--
-- Warehouse: Amazon Redshift (DATEADD / DATEDIFF, DATE_TRUNC('month', ...), GETDATE(),
-- CURRENT_DATE, NVL, LISTAGG, TOP n and LIMIT, no QUALIFY in this deployment's style guide;
-- `/` between two integers truncates: booth_sqm and net_sqm are integers). Amounts are EUR.
-- The agent writes dialect `redshift`.
-- Agent: `expo-analyst`, versions 2.4 (answered 2026-11-16 to 2026-11-19), 2.5 (2026-11-20 to
-- 2026-11-23) and 2.6 (2026-11-24 to 2026-11-27), deployed for organiser 'ORG-2215'.
-- Log window: 2026-11-16 to 2026-11-27; the warehouse is loaded up to 2026-11-15 (nothing
-- after it). So "last month" is October 2026, "this month" November 2026 to date, "this
-- quarter" Q4 2026 to date (October 1 onwards), "last quarter" / "Q3" July-September 2026,
-- "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six whole months
-- May-October 2026 (the current partial month left out), "rn" / "right now" / "currently" the
-- state at the last load. Said of shows, "this year's shows" / "2026 shows" are the shows that
-- open in 2026 (by open_dt), "last year's shows" those opening in 2025.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 'ORG-2215'` on every table of every query (row-level security);
--   * test data: `is_test = false` on shows (the QA sandbox show: its contracts, sponsorships,
--     registrations, scans, sessions and invoices are excluded through the show) and on
--     registrations (test badges staff print to try the badge printers at real shows);
--   * soft deletes: `deleted_at IS NULL` on exhibitors (duplicate company records merged into
--     the surviving one; the duplicate's contracts, sponsorships, lead scans and invoices stay in
--     the warehouse and are excluded through the exhibitor).
--
-- Business conventions of the organiser (what a careful analyst would apply):
--   * a booth is sold when its contract is contract_status 'SIGNED'. 'PENDING' is an offer not
--     signed (lapsed offers stay PENDING), 'CANCELLED' was signed and later cancelled
--     (cancelled_dt). Booth sales / sqm sold / "booked" in a period are dated by signed_dt;
--     booth revenue of a show (or of a year's shows) = SUM(net_amt) of its SIGNED contracts.
--     net_amt is the contract value after discount (list_amt before it).
--   * booth tiers: STANDARD, PREMIUM (corner / aisle), ISLAND. An upgrade changes the contract
--     in place: prev_tier_cd is the tier before, upgraded_dt the day of the upgrade (both NULL
--     when never upgraded); booth_sqm and net_amt are the values after the upgrade. Upgrades
--     are dated by upgraded_dt.
--   * price per sqm = SUM(net_amt) / SUM(booth_sqm) over SIGNED contracts (a weighted price,
--     never an average of per-booth prices).
--   * floor utilisation of a show = SUM(booth_sqm) of its SIGNED contracts / shows.net_sqm (the
--     net sellable area of the floor plan), as a fraction.
--   * booth cancellation rate = CANCELLED / (SIGNED + CANCELLED) contracts (PENDING offers were
--     never signed and are out of both).
--   * deposits: deposit_amt is due on signing; deposit_paid_dt is NULL while unpaid. A
--     forfeited deposit = deposit_amt of a CANCELLED contract whose deposit was paid and not
--     refunded (deposit_refunded = false), dated by cancelled_dt.
--   * an exhibitor of a show = an exhibitor with at least one SIGNED contract at the show
--     (several booths are one exhibitor). A first-time exhibitor is one whose first signed
--     contract (earliest signed_dt of any contract ever signed, cancelled later or not) falls in
--     the period. Rebooking / retention of a series = exhibitors of one edition that are
--     exhibitors (SIGNED) of the next edition.
--   * sponsorship revenue = SUM(amount) of sponsorships with spons_status 'CONFIRMED' ('PROPOSED'
--     was never confirmed, 'CANCELLED' fell through), by the sponsored show.
--   * exhibitor spend at a set of shows = booth revenue (SIGNED net_amt) + sponsorship revenue
--     (CONFIRMED amount) at those shows.
--   * a registration counts when reg_status 'CONFIRMED' ('CANCELLED' ones never count) and
--     is_test = false. Badge types: VISITOR, VIP, PRESS, EXHIBITOR_STAFF, SPEAKER. "Visitors"
--     are VISITOR and VIP badges; "attendees" are every badge type. A comp is is_comp = true
--     (price_amt 0). Ticket revenue = SUM(price_amt) (paid after promo codes; list_price_amt is
--     the price before them) of confirmed registrations, by the show.
--   * person_key identifies a person across shows (a hashed e-mail); a person registered at two
--     shows is one unique visitor / speaker. reg_id is one badge at one show.
--   * attendance: a registration attended when it has at least one door_scans row with
--     scan_result 'OK' at the show (hall entrances and session rooms alike; 'DENIED' and
--     'DUPLICATE' (pass-back) scans never count). No-show rate of a show = confirmed
--     registrations without an OK scan / confirmed registrations, as a fraction.
--   * entries at the doors = door_scans with scan_result 'OK' and session_id IS NULL (hall
--     entrance gates); session check-ins = OK scans with the session's session_id. Session
--     attendance = distinct registrations with an OK scan at the session; sessions nobody
--     attended count with 0.
--   * a session counts when session_status is 'HELD' (past) or 'SCHEDULED' (future);
--     'CANCELLED' sessions count nowhere. A speaker is the registration in speaker_reg_id
--     (NULL while no speaker is assigned), a person across shows by person_key.
--   * a lead = a distinct badge (reg_id) scanned by an exhibitor's lead-retrieval devices at a
--     show; scanning the same badge again is not a new lead. lead_scans.exhibitor_id is NULL
--     for rental devices that were never assigned to an exhibitor (their scans are nobody's
--     leads).
--   * invoices: inv_status DRAFT (not sent), ISSUED (sent, open), PAID, VOID. Outstanding
--     (open AR) = amount minus net payments of ISSUED invoices (partial payments exist);
--     overdue = outstanding on ISSUED invoices with due_dt before today.
--   * payments: pay_type 'PAYMENT' (amount > 0) or 'REFUND' (amount < 0). Cash collected
--     (net) = SUM(amount) of both, dated by pay_dt; refunds are reported as positive amounts
--     (-amount) of REFUND rows, dated by pay_dt.
--   * fractions ("rate", "utilisation", "% of") may be shown as a fraction or a percentage; the
--     references show fractions.
-- ============================================================================================

CREATE TABLE venues (
    org_id          VARCHAR NOT NULL,
    venue_id        INTEGER PRIMARY KEY,
    venue_nm        VARCHAR NOT NULL,
    city_nm         VARCHAR NOT NULL,
    country_cd      CHAR(2) NOT NULL
);

CREATE TABLE halls (
    org_id          VARCHAR NOT NULL,
    hall_id         INTEGER PRIMARY KEY,
    venue_id        INTEGER NOT NULL,
    hall_nm         VARCHAR NOT NULL,
    gross_sqm       INTEGER NOT NULL            -- hall size; not the sellable area
);

CREATE TABLE shows (
    org_id          VARCHAR NOT NULL,
    show_id         INTEGER PRIMARY KEY,
    show_nm         VARCHAR NOT NULL,
    series_cd       VARCHAR NOT NULL,           -- BUILDTECH, FOODPRO, MEDDEV, PACKWORLD, AGRITECH, TEST
    venue_id        INTEGER NOT NULL,
    open_dt         DATE NOT NULL,
    close_dt        DATE NOT NULL,
    net_sqm         INTEGER NOT NULL,           -- net sellable floor area of the show's floor plan
    show_status     VARCHAR NOT NULL,           -- ONSALE, LIVE, CLOSED, CANCELLED
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE exhibitors (
    org_id          VARCHAR NOT NULL,
    exhibitor_id    INTEGER PRIMARY KEY,
    company_nm      VARCHAR NOT NULL,
    country_cd      CHAR(2),
    industry_cd     VARCHAR,
    created_at      TIMESTAMP NOT NULL,
    deleted_at      TIMESTAMP                   -- merged duplicate
);

CREATE TABLE booth_contracts (
    org_id          VARCHAR NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    exhibitor_id    INTEGER NOT NULL,
    hall_id         INTEGER NOT NULL,
    booth_no        VARCHAR NOT NULL,
    tier_cd         VARCHAR NOT NULL,           -- STANDARD, PREMIUM, ISLAND (after any upgrade)
    booth_sqm       INTEGER NOT NULL,
    list_amt        DECIMAL(12,2) NOT NULL,     -- before discount
    net_amt         DECIMAL(12,2) NOT NULL,     -- contract value after discount
    offer_dt        DATE NOT NULL,
    contract_status VARCHAR NOT NULL,           -- PENDING, SIGNED, CANCELLED
    signed_dt       DATE,                       -- NULL while PENDING
    cancelled_dt    DATE,
    deposit_amt     DECIMAL(12,2) NOT NULL,
    deposit_paid_dt DATE,                       -- NULL while unpaid
    deposit_refunded BOOLEAN NOT NULL,
    prev_tier_cd    VARCHAR,                    -- tier before an upgrade
    upgraded_dt     DATE
);

CREATE TABLE sponsorships (
    org_id          VARCHAR NOT NULL,
    spons_id        INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    exhibitor_id    INTEGER NOT NULL,
    package_cd      VARCHAR NOT NULL,           -- TITLE, GOLD, SILVER, BRONZE, LANYARD, WIFI
    amount          DECIMAL(12,2) NOT NULL,
    spons_status    VARCHAR NOT NULL,           -- PROPOSED, CONFIRMED, CANCELLED
    proposed_dt     DATE NOT NULL,
    confirmed_dt    DATE
);

CREATE TABLE registrations (
    org_id          VARCHAR NOT NULL,
    reg_id          INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    person_key      VARCHAR NOT NULL,           -- hashed e-mail: one person across shows
    full_nm         VARCHAR NOT NULL,
    badge_type      VARCHAR NOT NULL,           -- VISITOR, VIP, PRESS, EXHIBITOR_STAFF, SPEAKER
    exhibitor_id    INTEGER,                    -- set for EXHIBITOR_STAFF badges
    country_cd      CHAR(2),
    reg_ts          TIMESTAMP NOT NULL,
    reg_channel     VARCHAR NOT NULL,           -- ONLINE, ONSITE, IMPORT
    promo_cd        VARCHAR,
    list_price_amt  DECIMAL(8,2) NOT NULL,
    price_amt       DECIMAL(8,2) NOT NULL,      -- paid, after promo code; 0 for comps
    is_comp         BOOLEAN NOT NULL,
    reg_status      VARCHAR NOT NULL,           -- CONFIRMED, CANCELLED
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE sessions (
    org_id          VARCHAR NOT NULL,
    session_id      INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    title           VARCHAR NOT NULL,
    track_cd        VARCHAR NOT NULL,           -- KEYNOTE, TECH, BUSINESS, WORKSHOP
    room_nm         VARCHAR NOT NULL,
    start_ts        TIMESTAMP NOT NULL,
    capacity        INTEGER NOT NULL,
    speaker_reg_id  INTEGER,                    -- NULL while no speaker is assigned
    session_status  VARCHAR NOT NULL            -- SCHEDULED, HELD, CANCELLED
);

CREATE TABLE door_scans (
    org_id          VARCHAR NOT NULL,
    scan_id         INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    reg_id          INTEGER NOT NULL,
    session_id      INTEGER,                    -- NULL at hall entrance gates
    gate_cd         VARCHAR NOT NULL,
    scan_ts         TIMESTAMP NOT NULL,
    scan_result     VARCHAR NOT NULL            -- OK, DENIED, DUPLICATE (pass-back)
);

CREATE TABLE lead_scans (
    org_id          VARCHAR NOT NULL,
    lead_scan_id    INTEGER PRIMARY KEY,
    show_id         INTEGER NOT NULL,
    exhibitor_id    INTEGER,                    -- NULL: rental device never assigned
    device_id       VARCHAR NOT NULL,
    reg_id          INTEGER NOT NULL,           -- the badge scanned
    scan_ts         TIMESTAMP NOT NULL,
    rating_cd       VARCHAR                     -- HOT, WARM, COLD, NULL when not rated
);

CREATE TABLE invoices (
    org_id          VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    exhibitor_id    INTEGER NOT NULL,
    show_id         INTEGER NOT NULL,
    contract_id     INTEGER,                    -- booth invoices
    spons_id        INTEGER,                    -- sponsorship invoices
    invoice_type    VARCHAR NOT NULL,           -- DEPOSIT, BALANCE, SPONSORSHIP
    issue_dt        DATE NOT NULL,
    due_dt          DATE NOT NULL,
    amount          DECIMAL(12,2) NOT NULL,
    inv_status      VARCHAR NOT NULL            -- DRAFT, ISSUED, PAID, VOID
);

CREATE TABLE payments (
    org_id          VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,
    pay_dt          DATE NOT NULL,
    amount          DECIMAL(12,2) NOT NULL,     -- negative for refunds
    pay_type        VARCHAR NOT NULL,           -- PAYMENT, REFUND
    method_cd       VARCHAR NOT NULL            -- WIRE, CARD, SEPA
);
