-- ============================================================================================
-- golf_courses: the reporting warehouse of a multi-course golf club management platform
-- (DuckDB DDL for labelling)
--
-- Company: "TeeSheet Pro" runs tee sheets, memberships and dues billing, pro shop point of sale,
-- lesson booking, tournaments and course-condition boards for golf operators that own one or
-- several courses. Every operator is a tenant of one shared MySQL reporting warehouse; every
-- table carries operator_id.
--
-- Warehouse: MySQL 8 (CTEs, window functions, DATE_FORMAT, DATE_SUB, DAYNAME, IFNULL; `/` is
-- decimal division, DIV is integer division). The agent writes dialect `mysql`.
-- Agent: `fairway-analyst`, versions 3.1, 3.2 and 3.3, deployed for operator 24 ("Heron Lakes
-- Golf Group": Heron Lakes North, Heron Lakes South, Cedar Ridge, and The Nine, a 9-hole
-- executive course opened in May 2026).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01. So "last
-- month" is October 2026, "last quarter" / "Q3" July-September 2026, "ytd" / "this year"
-- 2026 to date, "last 90 days" the 90 days before the question's date.
-- Seasons: the operator's golf season (membership and reporting year) runs March 1 to the end of
-- February (table seasons: season_cd '2026' = 2026-03-01 .. 2027-02-28). "this season" is the
-- season that contains today (2026-03-01 to date), "last season" 2025-03-01 .. 2026-02-28.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 24` on every table of every query;
--   * test data: `is_test = 0` on members and tee_times (QA accounts and test bookings made by
--     the platform's support staff; test bookings never check in, so they have no rounds, and
--     test members have no memberships, invoices, lessons or entries);
--   * soft deletes: `deleted_at IS NULL` on members and tee_times (a duplicate member merged
--     away, a booking keyed twice); everything else is never deleted.
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * a round = one player's round: one row of rounds, dated by played_dt, 9 or 18 holes alike.
--     player_type MEMBER (rounds.member_id = the member), GUEST (a member's guest:
--     rounds.member_id = the HOST member) or PUBLIC (a visitor; member_id NULL). "Members'
--     rounds" / "rounds played by a member" are MEMBER rows only.
--   * green fee revenue = SUM(green_fee); golf revenue = green fees + cart fees, cart_fee NULL
--     when the player walked. Members play free (green_fee 0): a paying round is a GUEST or
--     PUBLIC round.
--   * tee times: one row per booked slot, dated by tee_ts (the day of play, not booked_ts);
--     players_booked players. A booking is a tee time that is not CANCELLED (bookings counts,
--     shares by channel);
--     cancellation rate = CANCELLED / all tee times; no-show rate = NO_SHOW / (CHECKED_IN +
--     NO_SHOW) (a tee time still BOOKED has not happened yet).
--   * active member = members.status_cd 'ACTIVE'. A member's plan = plan_cd of the membership
--     with status 'active' (each member has at most one; earlier plans stay as 'lapsed' or
--     'cancelled' rows). New members are dated by join_dt, resignations by resign_dt.
--   * dues: one invoice per membership per month (inv_dt the 1st). Dues billed = SUM(amount)
--     of invoices not VOID, dated by inv_dt; dues collected = SUM(paid_amt), dated by paid_dt;
--     outstanding dues = SUM(amount - paid_amt) of status 'OPEN' (partly paid invoices stay
--     OPEN); overdue = OPEN with due_dt < today. WRITTEN_OFF balances are not outstanding.
--   * pro shop: one row per sale line; net sales = SUM(qty * unit_price - discount_amt) over
--     lines with is_void = 0; returns are lines with negative qty and count against sales and
--     units. Units sold = SUM(qty) (net of returns).
--   * lessons: lesson revenue = SUM(fee) of COMPLETED lessons, dated by lesson_ts; a lesson
--     "given" / "taught" is COMPLETED. Non-member lessons have member_id NULL.
--   * tournaments: an entry counts when withdrawn = 0; field size = counted entries of a
--     tournament; entry fee revenue = SUM(fee_paid) of counted entries. Tournaments are
--     dated by start_dt; CANCELLED tournaments are out of every tournament figure.
--   * closures: one row per course per closed day (or part day); a full-day closure has
--     is_full_day = 1; weather closures are reason_cd 'WEATHER' (rain, lightning, flooding;
--     'FROST' delays are their own reason).
-- ============================================================================================

CREATE TABLE courses (
    operator_id     INTEGER NOT NULL,
    course_id       INTEGER PRIMARY KEY,
    course_nm       VARCHAR NOT NULL,
    holes           INTEGER NOT NULL,          -- 9 or 18
    par             INTEGER NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE seasons (
    operator_id     INTEGER NOT NULL,
    season_cd       VARCHAR NOT NULL,          -- '2025', '2026' (starting year)
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL
);

CREATE TABLE members (
    operator_id     INTEGER NOT NULL,
    member_id       INTEGER PRIMARY KEY,
    member_no       VARCHAR NOT NULL,
    first_nm        VARCHAR NOT NULL,
    last_nm         VARCHAR NOT NULL,
    home_course_id  INTEGER NOT NULL,
    join_dt         DATE NOT NULL,
    resign_dt       DATE,
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, SUSPENDED, RESIGNED
    handicap_idx    DECIMAL(4,1),              -- NULL: no handicap on file
    is_test         INTEGER NOT NULL,          -- 1: QA / staff test account
    deleted_at      TIMESTAMP
);

CREATE TABLE memberships (
    operator_id     INTEGER NOT NULL,
    membership_id   INTEGER PRIMARY KEY,
    member_id       INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,          -- FULL, WEEKDAY, JUNIOR, SOCIAL, CORPORATE
    start_dt        DATE NOT NULL,
    end_dt          DATE,
    annual_dues     DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL           -- active, lapsed, cancelled
);

CREATE TABLE dues_invoices (
    operator_id     INTEGER NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    membership_id   INTEGER NOT NULL,
    member_id       INTEGER NOT NULL,
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,
    paid_amt        DECIMAL(10,2) NOT NULL,    -- 0 until paid; partial payments possible
    paid_dt         DATE,                      -- date of the (last) payment
    status_cd       VARCHAR NOT NULL           -- OPEN, PAID, VOID, WRITTEN_OFF
);

CREATE TABLE tee_times (
    operator_id     INTEGER NOT NULL,
    tee_time_id     INTEGER PRIMARY KEY,
    course_id       INTEGER NOT NULL,
    tee_ts          TIMESTAMP NOT NULL,
    booked_ts       TIMESTAMP NOT NULL,
    booking_member_id INTEGER,                 -- NULL: public booking
    channel_cd      VARCHAR NOT NULL,          -- APP, WEB, PHONE, PROSHOP
    players_booked  INTEGER NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- BOOKED, CHECKED_IN, NO_SHOW, CANCELLED
    is_test         INTEGER NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE rounds (
    operator_id     INTEGER NOT NULL,
    round_id        INTEGER PRIMARY KEY,
    tee_time_id     INTEGER,                   -- NULL: walk-up
    course_id       INTEGER NOT NULL,
    played_dt       DATE NOT NULL,
    player_type     VARCHAR NOT NULL,          -- MEMBER, GUEST, PUBLIC
    member_id       INTEGER,                   -- MEMBER: the member; GUEST: the host; PUBLIC: NULL
    holes_played    INTEGER NOT NULL,          -- 9 or 18
    green_fee       DECIMAL(8,2) NOT NULL,
    cart_fee        DECIMAL(8,2),              -- NULL: walked
    score           INTEGER                    -- NULL: no card turned in
);

CREATE TABLE pro_shop_sales (
    operator_id     INTEGER NOT NULL,
    sale_line_id    INTEGER PRIMARY KEY,
    sale_id         INTEGER NOT NULL,
    course_id       INTEGER NOT NULL,
    sale_ts         TIMESTAMP NOT NULL,
    member_id       INTEGER,                   -- NULL: non-member sale
    sku_cd          VARCHAR NOT NULL,
    category_cd     VARCHAR NOT NULL,          -- BALLS, CLUBS, APPAREL, ACCESSORIES, RENTALS
    qty             INTEGER NOT NULL,          -- negative on returns
    unit_price      DECIMAL(8,2) NOT NULL,
    discount_amt    DECIMAL(8,2) NOT NULL,
    is_void         INTEGER NOT NULL           -- 1: line voided at the till
);

CREATE TABLE lessons (
    operator_id     INTEGER NOT NULL,
    lesson_id       INTEGER PRIMARY KEY,
    course_id       INTEGER NOT NULL,
    pro_nm          VARCHAR NOT NULL,          -- teaching professional
    member_id       INTEGER,                   -- NULL: non-member student
    lesson_ts       TIMESTAMP NOT NULL,
    lesson_type     VARCHAR NOT NULL,          -- PRIVATE, GROUP, PLAYING
    duration_min    INTEGER NOT NULL,
    fee             DECIMAL(8,2) NOT NULL,
    status_cd       VARCHAR NOT NULL           -- SCHEDULED, COMPLETED, NO_SHOW, CANCELLED
);

CREATE TABLE tournaments (
    operator_id     INTEGER NOT NULL,
    tournament_id   INTEGER PRIMARY KEY,
    course_id       INTEGER NOT NULL,
    tourn_nm        VARCHAR NOT NULL,
    format_cd       VARCHAR NOT NULL,          -- STROKE, STABLEFORD, SCRAMBLE, MATCH
    start_dt        DATE NOT NULL,
    entry_fee       DECIMAL(8,2) NOT NULL,     -- list fee; members' fees may be discounted
    status_cd       VARCHAR NOT NULL           -- SCHEDULED, COMPLETED, CANCELLED
);

CREATE TABLE tournament_entries (
    operator_id     INTEGER NOT NULL,
    entry_id        INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL,
    member_id       INTEGER,                   -- NULL: outside entrant
    entry_ts        TIMESTAMP NOT NULL,
    fee_paid        DECIMAL(8,2) NOT NULL,     -- 0 until paid
    withdrawn       INTEGER NOT NULL,          -- 1: withdrew (fee refunded or not)
    finish_pos      INTEGER
);

CREATE TABLE course_closures (
    operator_id     INTEGER NOT NULL,
    closure_id      INTEGER PRIMARY KEY,
    course_id       INTEGER NOT NULL,
    closure_dt      DATE NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- WEATHER, FROST, MAINT, EVENT
    is_full_day     INTEGER NOT NULL,
    note_txt        VARCHAR
);
