-- ============================================================================================
-- funeral_homes: the warehouse of a funeral-home management platform (DuckDB DDL for labelling)
--
-- Company: "Vigilant" sells case management, arrangement, contract, merchandise, cremation
-- tracking, payments, insurance-assignment and obituary software to funeral-home groups. Every
-- group is a tenant of one shared Postgres warehouse (schema `fh_dw`), all tables keyed by
-- fh_grp_id. The deployment here is group 4417, Harmon & Pryce Funeral Group (Dayton, Ohio):
-- homes Maple St (41) and Oakwood (42), each with a chapel (Pryce Memorial Chapel 43 belongs to
-- Maple St, Oakwood Garden Chapel 44 to Oakwood), Hillcrest Funeral Home (45, acquired and on
-- the platform since 2025-09-01, services held in its own parlour), the Miami Valley Crematory
-- (46) and Eastgate Funeral Home (47), closed at the end of 2025 and soft-deleted with its 2025
-- history kept. Other tenants in the warehouse: 2290 (Lindqvist Family Funeral Homes) and 5102
-- (Gulf Coast Memorial Group). Ids are unique across the platform.
--
-- Warehouse: Postgres 15 (date_trunc, current_date, INTERVAL '1 month', EXTRACT(EPOCH FROM ..),
-- date - date = integer days, COUNT(*) FILTER (WHERE ..), ::casts; `/` between integers is
-- integer division, as in Postgres). Flags are BOOLEAN except the *_yn CHAR(1) 'Y'/'N' columns.
-- Money is stored in integer cents (*_cents, BIGINT); every figure is reported in dollars
-- (cents / 100.0). The agent writes dialect `postgres`.
-- Agent: `rite-analyst`, versions 2.0, 2.1 and 2.2, deployed for group 4417.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse snapshot is loaded up to 2026-11-01
-- (nothing dated after it except services and arrangement conferences already scheduled for
-- November). So "last month" is October 2026, "this month" November 2026 to date, "last
-- quarter" July-September 2026, "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to
-- date, "last year" 2025, "last 3 months" the three whole months August-October 2026, "the last
-- N days" rolling back from today (ts >= current_date - N days), "rn" the state at the load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `fh_grp_id = 4417` on every table of every query (row policy);
--   * test rows: `is_test = false` on cases (onboarding / training cases, decedent names such as
--     'TRAINING, CASE' and 'Test, Decedent') and contracts (training contracts). The test cases'
--     services, dispositions and obituaries carry no flag of their own: they are excluded only
--     through cases (join cases and keep is_test = false); test contracts' lines and insurance
--     assignments likewise through contracts (test contracts never carry payments);
--   * soft deletes: `deleted_at IS NULL` on locations (the closed Eastgate Funeral Home, no case
--     taken after 2025; its open pre-need contracts are served by Maple St), staff (a director's profile keyed twice, no cases), cases (first calls
--     keyed twice; the duplicate carries no contract, service or disposition) and obituaries
--     (obituaries taken down at the family's request or posted twice);
--   * voids: `is_void = false` on payments (payments keyed in error, bounced checks).
--
-- Business conventions of the group (what a careful analyst would apply):
--   * cases: one row per death call ("first call") the group took, dated by first_call_ts, at the
--     home that handles it (loc_id is always a HOME). "Cases" / "calls" = cases (not test, not
--     deleted) by first_call_ts. director_id is the funeral director in charge (NULL while
--     unassigned). disp_method is the family's choice ('BURIAL', 'CREMATION', 'ENTOMBMENT',
--     'DONATION', 'SHIP_OUT'; NULL until decided). Cremation rate = CREMATION cases / cases whose
--     disp_method is decided (NOT NULL), as a percentage. veteran_yn = 'Y' for veterans.
--     preneed_contract_id is set when the case matured a pre-need contract.
--   * arrangement_confs: one row per arrangement conference (a meeting with the family).
--     conf_type 'AT_NEED' (after a death, case_id set) or 'PRE_NEED' (planning ahead, lead_src
--     'WEB', 'PHONE', 'SEMINAR', 'REFERRAL', 'WALK_IN'). arranger_id is the staff member who ran
--     it. outcome_cd 'CONTRACT' (a contract signed), 'NO_CONTRACT' (held, nothing signed),
--     'NO_SHOW' (the family did not come), 'RESCHEDULED' (moved, a new row exists) or 'SCHEDULED'
--     (upcoming). Dated by sched_ts. No-show rate = NO_SHOW / (CONTRACT + NO_CONTRACT + NO_SHOW);
--     pre-need close rate = CONTRACT / (CONTRACT + NO_CONTRACT) of PRE_NEED conferences.
--   * contracts: contract_type 'AT_NEED' (status 'OPEN' with a balance, 'PAID' in full, or
--     'CANCELLED') or 'PRE_NEED' (status 'ACTIVE', 'MATURED' once the buyer died and the case was
--     served under a new at-need contract, or 'CANCELLED'). goods_svc_cents = merchandise and
--     services after the discount; cash_adv_cents = cash advances paid to third parties on the
--     family's behalf (cemetery opening, death certificates, newspaper notices, honoraria);
--     tax_cents = sales tax on merchandise. Dated by signed_dt.
--       - revenue / "sales" / at-need revenue = SUM(goods_svc_cents) / 100.0 of AT_NEED contracts
--         not CANCELLED; cash advances and tax are not revenue;
--       - average sale / "avg funeral sale" = AVG(goods_svc_cents) / 100.0 of the same contracts;
--       - pre-need sales = SUM(goods_svc_cents) / 100.0 of PRE_NEED contracts not CANCELLED
--         (ACTIVE and MATURED), by signed_dt; funding_cd 'TRUST' or 'INSURANCE';
--       - active pre-need = PRE_NEED contracts with status 'ACTIVE';
--       - contract total = goods_svc_cents + cash_adv_cents + tax_cents; balance / outstanding =
--         contract total - non-void payments, of OPEN at-need contracts.
--   * contract_lines: one row per line; line_cat 'MERCH' (item_id set), 'SERVICE' or
--     'CASH_ADV'. line_cents = qty * unit_price_cents, before the contract's discount. Units
--     sold = SUM(qty) of MERCH lines on AT_NEED contracts not CANCELLED, by the contract's
--     signed_dt. Merchandise margin = SUM(line_cents - qty * cost_cents) (cost from
--     merch_items); list_cents is the catalogue price, not what the family paid.
--   * merch_items: the catalogue (item_cat 'CASKET', 'URN', 'VAULT', 'KEEPSAKE', 'MARKER').
--   * services: one row per service or visitation; svc_type 'VISITATION', 'FUNERAL', 'MEMORIAL',
--     'GRAVESIDE'. loc_id is where it was held (a chapel or a home; NULL off-site, venue_nm set).
--     status_cd 'SCHEDULED', 'HELD' or 'CANCELLED'; dated by sched_start_ts. A HELD service is on
--     time when actual_start_ts <= sched_start_ts + 10 minutes, late otherwise; on-time rate =
--     on-time / HELD. attendee_cnt is the register-book count (NULL when not counted; an average
--     leaves those out). livestream_yn = 'Y' when streamed.
--   * dispositions: one row per case disposition; disp_type 'CREMATION', 'BURIAL', 'ENTOMBMENT'.
--     status_cd 'PENDING' (waiting), 'ON_HOLD' (a legal or coroner hold, reported apart) or
--     'COMPLETE' (disp_ts set). Cremations are dated by disp_ts. auth_signed_ts is when the next
--     of kin signed the cremation authorization, permit_rcvd_ts when the county permit arrived.
--     Cremation turnaround = disp_ts - auth_signed_ts (hours, or days = hours / 24).
--   * payments: one row per payment; method_cd 'CASH', 'CHECK', 'CARD', 'ACH', 'INSURANCE' (an
--     insurance assignment paid out, assign_id set) or 'TRUST' (pre-need trust released).
--     contract_id is NULL for unapplied payments (received before the contract was keyed).
--     Cash collected = SUM(amt_cents) / 100.0 of non-void payments, dated by pmt_dt.
--   * ins_assignments: life-insurance policies the family assigned to pay a contract. status_cd
--     'FILED', 'VERIFIED' (the carrier confirmed coverage), 'PAID' or 'DENIED'. Outstanding =
--     FILED or VERIFIED. Days to pay = paid_dt - filed_dt of PAID ones, dated by paid_dt.
--   * obituaries: one per case; status_cd 'DRAFT' or 'PUBLISHED' (published_ts set). Published
--     obituaries = PUBLISHED and not deleted, dated by published_ts; view_cnt is the web views.
--   * staff: role_cd 'FD' (licensed funeral director), 'ARR' (pre-need / arrangement counselor),
--     'EMB' (embalmer), 'CREM' (crematory operator), 'ADMIN'. "Directors" = FD staff with
--     term_dt IS NULL (and not deleted). home_loc_id is where they are based.
-- ============================================================================================

CREATE TABLE locations (
    fh_grp_id       INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,      -- unique across the platform
    loc_nm          VARCHAR NOT NULL,
    loc_type        VARCHAR NOT NULL,      -- 'HOME', 'CHAPEL', 'CREMATORY'
    parent_loc_id   INTEGER,               -- the home a chapel belongs to
    city            VARCHAR NOT NULL,
    state_cd        VARCHAR NOT NULL,
    seat_cap        INTEGER,               -- seats; NULL for the crematory
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP              -- closed location, history kept
);

CREATE TABLE staff (
    fh_grp_id       INTEGER NOT NULL,
    staff_id        INTEGER NOT NULL,
    home_loc_id     INTEGER NOT NULL,
    staff_nm        VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,      -- 'FD', 'ARR', 'EMB', 'CREM', 'ADMIN'
    lic_no          VARCHAR,               -- state licence; NULL when not licensed
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                  -- left the group
    deleted_at      TIMESTAMP              -- profile keyed twice
);

CREATE TABLE cases (
    fh_grp_id       INTEGER NOT NULL,
    case_id         INTEGER NOT NULL,
    case_no         VARCHAR NOT NULL,      -- e.g. 'MS-26-0142'
    loc_id          INTEGER NOT NULL,      -- the home handling the case
    decedent_nm     VARCHAR NOT NULL,      -- 'LAST, First'
    dob             DATE,
    dod             DATE NOT NULL,
    first_call_ts   TIMESTAMP NOT NULL,    -- when the death call was taken
    place_of_death  VARCHAR NOT NULL,      -- 'HOSPITAL', 'RESIDENCE', 'NURSING_HOME', 'HOSPICE', 'OTHER'
    disp_method     VARCHAR,               -- 'BURIAL', 'CREMATION', 'ENTOMBMENT', 'DONATION', 'SHIP_OUT'; NULL = undecided
    director_id     INTEGER,               -- staff_id of the FD in charge; NULL while unassigned
    veteran_yn      CHAR(1) NOT NULL,      -- 'Y' / 'N'
    preneed_contract_id INTEGER,           -- the pre-need contract this case matured
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP              -- first call keyed twice
);

CREATE TABLE arrangement_confs (
    fh_grp_id       INTEGER NOT NULL,
    conf_id         INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,
    arranger_id     INTEGER NOT NULL,      -- staff_id
    case_id         INTEGER,               -- set for AT_NEED conferences
    conf_type       VARCHAR NOT NULL,      -- 'AT_NEED', 'PRE_NEED'
    lead_src        VARCHAR,               -- PRE_NEED only: 'WEB', 'PHONE', 'SEMINAR', 'REFERRAL', 'WALK_IN'
    sched_ts        TIMESTAMP NOT NULL,
    outcome_cd      VARCHAR NOT NULL       -- 'CONTRACT', 'NO_CONTRACT', 'NO_SHOW', 'RESCHEDULED', 'SCHEDULED'
);

CREATE TABLE contracts (
    fh_grp_id       INTEGER NOT NULL,
    contract_id     INTEGER NOT NULL,
    contract_no     VARCHAR NOT NULL,
    contract_type   VARCHAR NOT NULL,      -- 'AT_NEED', 'PRE_NEED'
    case_id         INTEGER,               -- AT_NEED: the case; PRE_NEED: NULL
    loc_id          INTEGER NOT NULL,      -- the home that wrote it
    arranger_id     INTEGER NOT NULL,      -- staff_id who signed it with the family
    conf_id         INTEGER,
    purchaser_nm    VARCHAR NOT NULL,
    signed_dt       DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,      -- AT_NEED: 'OPEN', 'PAID', 'CANCELLED'; PRE_NEED: 'ACTIVE', 'MATURED', 'CANCELLED'
    goods_svc_cents BIGINT NOT NULL,       -- merchandise + services after discount
    discount_cents  BIGINT NOT NULL,
    cash_adv_cents  BIGINT NOT NULL,       -- cash advances (third-party pass-through)
    tax_cents       BIGINT NOT NULL,
    funding_cd      VARCHAR,               -- PRE_NEED: 'TRUST', 'INSURANCE'; NULL for AT_NEED
    cancelled_dt    DATE,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE merch_items (
    fh_grp_id       INTEGER NOT NULL,
    item_id         INTEGER NOT NULL,
    sku             VARCHAR NOT NULL,
    item_nm         VARCHAR NOT NULL,
    item_cat        VARCHAR NOT NULL,      -- 'CASKET', 'URN', 'VAULT', 'KEEPSAKE', 'MARKER'
    vendor_nm       VARCHAR NOT NULL,
    cost_cents      BIGINT NOT NULL,       -- the group's cost
    list_cents      BIGINT NOT NULL,       -- catalogue (GPL) price
    is_active       BOOLEAN NOT NULL
);

CREATE TABLE contract_lines (
    fh_grp_id       INTEGER NOT NULL,
    contract_id     INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    line_cat        VARCHAR NOT NULL,      -- 'MERCH', 'SERVICE', 'CASH_ADV'
    item_id         INTEGER,               -- MERCH lines only
    line_desc       VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    line_cents      BIGINT NOT NULL        -- qty * unit_price_cents, before the discount
);

CREATE TABLE services (
    fh_grp_id       INTEGER NOT NULL,
    svc_id          INTEGER NOT NULL,
    case_id         INTEGER NOT NULL,
    svc_type        VARCHAR NOT NULL,      -- 'VISITATION', 'FUNERAL', 'MEMORIAL', 'GRAVESIDE'
    loc_id          INTEGER,               -- chapel or home where held; NULL off-site
    venue_nm        VARCHAR,               -- off-site venue (church, cemetery)
    sched_start_ts  TIMESTAMP NOT NULL,
    actual_start_ts TIMESTAMP,             -- set when HELD
    status_cd       VARCHAR NOT NULL,      -- 'SCHEDULED', 'HELD', 'CANCELLED'
    attendee_cnt    INTEGER,               -- register count; NULL when not counted
    livestream_yn   CHAR(1) NOT NULL,      -- 'Y' / 'N'
    director_id     INTEGER                -- staff_id directing it
);

CREATE TABLE dispositions (
    fh_grp_id       INTEGER NOT NULL,
    disp_id         INTEGER NOT NULL,
    case_id         INTEGER NOT NULL,
    disp_type       VARCHAR NOT NULL,      -- 'CREMATION', 'BURIAL', 'ENTOMBMENT'
    crematory_loc_id INTEGER,              -- CREMATION at our crematory; NULL when outsourced or not a cremation
    cemetery_nm     VARCHAR,
    auth_signed_ts  TIMESTAMP,             -- cremation authorization signed by the next of kin
    permit_rcvd_ts  TIMESTAMP,             -- county cremation / burial permit received
    disp_ts         TIMESTAMP,             -- cremation performed / interment done
    status_cd       VARCHAR NOT NULL,      -- 'PENDING', 'ON_HOLD', 'COMPLETE'
    released_dt     DATE                   -- cremated remains released to the family
);

CREATE TABLE payments (
    fh_grp_id       INTEGER NOT NULL,
    pmt_id          INTEGER NOT NULL,
    contract_id     INTEGER,               -- NULL: unapplied payment
    pmt_dt          DATE NOT NULL,
    amt_cents       BIGINT NOT NULL,
    method_cd       VARCHAR NOT NULL,      -- 'CASH', 'CHECK', 'CARD', 'ACH', 'INSURANCE', 'TRUST'
    assign_id       INTEGER,               -- INSURANCE payments: the assignment paid
    is_void         BOOLEAN NOT NULL
);

CREATE TABLE ins_assignments (
    fh_grp_id       INTEGER NOT NULL,
    assign_id       INTEGER NOT NULL,
    contract_id     INTEGER NOT NULL,
    carrier_nm      VARCHAR NOT NULL,
    policy_no       VARCHAR NOT NULL,
    face_amt_cents  BIGINT NOT NULL,       -- policy face value
    assigned_cents  BIGINT NOT NULL,       -- amount assigned to the group
    filed_dt        DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,      -- 'FILED', 'VERIFIED', 'PAID', 'DENIED'
    paid_dt         DATE,
    paid_cents      BIGINT
);

CREATE TABLE obituaries (
    fh_grp_id       INTEGER NOT NULL,
    obit_id         INTEGER NOT NULL,
    case_id         INTEGER NOT NULL,
    status_cd       VARCHAR NOT NULL,      -- 'DRAFT', 'PUBLISHED'
    published_ts    TIMESTAMP,
    newspaper_yn    CHAR(1) NOT NULL,      -- also placed in a newspaper
    view_cnt        INTEGER NOT NULL,
    condolence_cnt  INTEGER NOT NULL,
    deleted_at      TIMESTAMP              -- taken down or posted twice
);
