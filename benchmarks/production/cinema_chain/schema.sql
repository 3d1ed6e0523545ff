-- ============================================================================================
-- cinema_chain: the analytics warehouse of a cinema-management platform (DuckDB DDL for labelling)
--
-- Company: "ReelOps" runs box office, POS, loyalty and subscription software for multiplex
-- cinema circuits. Every circuit is a tenant of one shared analytics warehouse: its cinemas and
-- screens, the film catalogue it books, showtimes, ticket orders and the tickets in them (with
-- door scans), concession (food and drink) transactions and their lines, its loyalty members,
-- their paid "Unlimited" subscriptions and their points ledger, all keyed by circuit_id.
--
-- Warehouse: Oracle 19c. The agent writes dialect `oracle` (FETCH FIRST n ROWS ONLY, ROWNUM,
-- TRUNC(d, 'MM' | 'Q' | 'YYYY'), ADD_MONTHS, NVL, DECODE, TO_CHAR, date - date = days; `/` is
-- decimal division). Timestamps are Oracle DATEs (date and time of day); flags are 'Y' / 'N'.
-- Agent: `reelbot`, versions 3.1, 3.2 and 3.3, deployed for circuit CX-0914 ("Lumen
-- Picturehouses": six multiplexes trading in England and Scotland, a seventh, Coventry, closed on
-- 2025-08-31; GBP, prices net of VAT).
-- Log window: 2026-11-03 to 2026-11-20; the warehouse is loaded up to 2026-11-02 (end of day).
-- So "last month" is October 2026, "this month" November 2026 to date, "last quarter" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "in March" March
-- 2026, "last 12 months" the twelve whole months November 2025 - October 2026, "now" / "right
-- now" / "currently" the record's date.
-- Showtimes are published ahead (status SCHED up to 2026-11-20); no ticket for a later show was
-- sold before the load date, so "to date" figures by show date need no upper bound.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `circuit_id = 'CX-0914'` on every table of every query (virtual private database);
--   * test rows: `test_flg = 'N'` on members, ticket_orders and concession_txns (QA bookings and
--     training tills); tickets are excluded through their order;
--   * soft deletes: `del_flg = 'N'` on cinemas, screens and members (a deleted cinema or screen
--     is a duplicate set up by mistake and has no shows; a deleted member asked to be erased:
--     out of member counts and lists, but their past orders still count in box office);
--   * voids: `void_flg = 'N'` on concession_txns (a voided till transaction never happened).
--   Subscriptions and points of test or deleted members are excluded through members (join it).
--
-- Business conventions at Lumen (what a careful analyst would apply):
--   * sold ticket = a ticket whose order has status_cd 'COMPLETE' and whose own refund_flg is
--     'N' (an order may be partly refunded; a REFUNDED order refunded every ticket; a FAILED
--     order never took payment). admissions = sold tickets, complimentary ('COMP') and
--     subscription ('SUBS', price 0) tickets included; paid admissions leave COMP and SUBS out.
--   * box office (BO, gross box office, ticket revenue) = SUM(tickets.price_amt) of sold
--     tickets. Booking fees (fee_amt) are not box office. Box office and admissions are dated by
--     the show (showtimes.show_start_ts), never by when the order was placed.
--   * booking fee income = SUM(fee_amt) of sold tickets, dated by ticket_orders.order_ts.
--   * ATP (average ticket price) = box office / paid admissions.
--   * concession sales (F&B, "concessions") = SUM(concession_txns.net_amt) over transactions
--     with void_flg 'N', dated by txn_ts; by category = SUM(concession_lines.line_net_amt).
--   * SPP (spend per person / per head) = concession sales / admissions of the same cinema and
--     period.
--   * occupancy = admissions / SUM(screens.seat_cnt) over shows with status_cd 'PLAYED' and
--     private_hire_flg 'N' (a private hire books the whole screen: it is out of occupancy),
--     every such show's seats counted, shows that sold nothing included. Not an average of
--     per-show ratios.
--   * no-show = a sold ticket of a PLAYED show that was never scanned at the door (scanned_ts
--     NULL); no-show rate = no-shows / sold tickets of PLAYED shows.
--   * show counts: a show "played" has status_cd 'PLAYED'; cancelled = 'CANC'; 'SCHED' is still
--     to come. Per-cinema lists show every cinema open in the period, zero rows included.
--   * members: a member is a loyalty-programme account (members, test_flg 'N', del_flg 'N');
--     tier_cd BLUE, SILVER, GOLD. New members are dated by join_dt. A member admission is a
--     sold ticket whose order carries a member_id (guest orders have none).
--   * repeat customer (in a period) = member with two or more COMPLETE ticket orders placed in
--     the period (order_ts). Lapsed = member with no COMPLETE order since a date.
--   * subscription ("Unlimited"): active on day d when start_dt <= d and (end_dt IS NULL or
--     end_dt >= d). cancel_req_dt is when the member asked to cancel; the subscription runs to
--     end_dt (the last day covered), so a requested cancellation is still active until then.
--     Monthly churn rate = subscriptions whose end_dt falls in the month / subscriptions active
--     on the month's first day. MRR = SUM(monthly_fee) of active subscriptions.
--   * loyalty points: balance = SUM(points) of the ledger (EARN_TKT, EARN_CONC, BONUS are
--     positive, REDEEM and EXPIRE negative, ADJ either); points redeemed = -SUM(points) of REDEEM
--     rows, dated by posted_ts.
--   * channels: WEB, APP, BOXOFFICE (at the counter), KIOSK, PARTNER (third-party sellers);
--     online = WEB and APP. Refund rate = REFUNDED orders / (COMPLETE + REFUNDED) orders,
--     dated by order_ts (FAILED orders never sold).
--   * formats: screens.screen_fmt_cd STD, IMAX, 4DX, PREM (recliner premium). Regions:
--     cinemas.region_cd LDN, SE, MID, NTH, SCO.
-- ============================================================================================

CREATE TABLE cinemas (
    circuit_id      VARCHAR NOT NULL,
    cinema_id       INTEGER PRIMARY KEY,
    cinema_nm       VARCHAR NOT NULL,
    city_nm         VARCHAR,
    region_cd       VARCHAR NOT NULL,          -- LDN, SE, MID, NTH, SCO
    opened_dt       DATE NOT NULL,
    closed_dt       DATE,                      -- NULL while trading
    del_flg         VARCHAR NOT NULL           -- 'Y' / 'N'
);

CREATE TABLE screens (
    circuit_id      VARCHAR NOT NULL,
    screen_id       INTEGER PRIMARY KEY,
    cinema_id       INTEGER NOT NULL,
    screen_no       INTEGER NOT NULL,
    screen_fmt_cd   VARCHAR NOT NULL,          -- STD, IMAX, 4DX, PREM
    seat_cnt        INTEGER NOT NULL,
    del_flg         VARCHAR NOT NULL
);

CREATE TABLE films (
    circuit_id      VARCHAR NOT NULL,
    film_id         INTEGER PRIMARY KEY,
    title           VARCHAR NOT NULL,
    distributor_nm  VARCHAR NOT NULL,
    genre_cd        VARCHAR NOT NULL,          -- ACTION, ANIM, COMEDY, DRAMA, HORROR, FAMILY, SCIFI
    cert_cd         VARCHAR NOT NULL,          -- U, PG, 12A, 15, 18
    release_dt      DATE NOT NULL,
    runtime_min     INTEGER
);

CREATE TABLE showtimes (
    circuit_id      VARCHAR NOT NULL,
    show_id         INTEGER PRIMARY KEY,
    screen_id       INTEGER NOT NULL,
    film_id         INTEGER NOT NULL,
    show_start_ts   TIMESTAMP NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- SCHED, PLAYED, CANC
    private_hire_flg VARCHAR NOT NULL          -- 'Y' a private hire of the whole screen
);

CREATE TABLE members (
    circuit_id      VARCHAR NOT NULL,
    member_id       INTEGER PRIMARY KEY,
    home_cinema_id  INTEGER,
    tier_cd         VARCHAR NOT NULL,          -- BLUE, SILVER, GOLD
    join_dt         DATE NOT NULL,
    birth_yr        INTEGER,
    email_optin_flg VARCHAR NOT NULL,
    test_flg        VARCHAR NOT NULL,
    del_flg         VARCHAR NOT NULL
);

CREATE TABLE subscriptions (
    circuit_id      VARCHAR NOT NULL,
    sub_id          INTEGER PRIMARY KEY,
    member_id       INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,          -- UNLTD, UNLTD_PLUS, STUDENT
    start_dt        DATE NOT NULL,
    end_dt          DATE,                      -- last day covered; NULL while open-ended
    cancel_req_dt   DATE,                      -- when the member asked to cancel
    monthly_fee     DECIMAL(8,2) NOT NULL
);

CREATE TABLE ticket_orders (
    circuit_id      VARCHAR NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    cinema_id       INTEGER NOT NULL,
    member_id       INTEGER,                   -- NULL: guest checkout
    channel_cd      VARCHAR NOT NULL,          -- WEB, APP, BOXOFFICE, KIOSK, PARTNER
    order_ts        TIMESTAMP NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- COMPLETE, REFUNDED, FAILED
    test_flg        VARCHAR NOT NULL
);

CREATE TABLE tickets (
    circuit_id      VARCHAR NOT NULL,
    ticket_id       INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    show_id         INTEGER NOT NULL,
    ticket_type_cd  VARCHAR NOT NULL,          -- ADULT, CHILD, SENIOR, STUDENT, COMP, SUBS
    price_amt       DECIMAL(8,2) NOT NULL,     -- net of VAT, 0 for COMP and SUBS
    fee_amt         DECIMAL(8,2) NOT NULL,     -- booking fee, 0 at the box office
    scanned_ts      TIMESTAMP,                 -- door scan; NULL never scanned
    refund_flg      VARCHAR NOT NULL
);

CREATE TABLE concession_txns (
    circuit_id      VARCHAR NOT NULL,
    txn_id          INTEGER PRIMARY KEY,
    cinema_id       INTEGER NOT NULL,
    member_id       INTEGER,
    txn_ts          TIMESTAMP NOT NULL,
    net_amt         DECIMAL(10,2) NOT NULL,    -- net of VAT, = SUM(line_net_amt)
    tax_amt         DECIMAL(10,2) NOT NULL,
    pay_method_cd   VARCHAR NOT NULL,          -- CARD, CASH, GIFT
    void_flg        VARCHAR NOT NULL,
    test_flg        VARCHAR NOT NULL
);

CREATE TABLE concession_lines (
    circuit_id      VARCHAR NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    txn_id          INTEGER NOT NULL,
    item_nm         VARCHAR NOT NULL,
    category_cd     VARCHAR NOT NULL,          -- POPCORN, DRINK, CONFECT, HOTFOOD, BAR, COMBO
    qty             INTEGER NOT NULL,
    line_net_amt    DECIMAL(10,2) NOT NULL
);

CREATE TABLE points_ledger (
    circuit_id      VARCHAR NOT NULL,
    entry_id        INTEGER PRIMARY KEY,
    member_id       INTEGER NOT NULL,
    posted_ts       TIMESTAMP NOT NULL,
    points          INTEGER NOT NULL,
    reason_cd       VARCHAR NOT NULL           -- EARN_TKT, EARN_CONC, BONUS, REDEEM, EXPIRE, ADJ
);
