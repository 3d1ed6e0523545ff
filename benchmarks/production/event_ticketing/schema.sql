-- ============================================================================================
-- event_ticketing: the warehouse of a ticketing platform (DuckDB DDL for labelling)
--
-- Company: "Turnstyle" sells tickets for concerts, comedy, sport, theatre and family shows on
-- behalf of promoters. Every promoter account is a tenant of one shared Redshift warehouse:
-- events, their performances (shows) and price tiers, orders, tickets, door scans, refunds,
-- transfers and resales, and the payouts Turnstyle makes to the promoter, all keyed by
-- promoter_acct_id. Venues are a shared reference table (many promoters book the same rooms),
-- and door scans are written by the venues' scanners, keyed by ticket only.
--
-- Warehouse: Amazon Redshift (CTEs, window functions, QUALIFY, MEDIAN, GETDATE(), DATEADD,
-- DATEDIFF, NVL; `/` between two integers truncates). The agent writes dialect `redshift`.
-- Agent: `gate-analyst`, versions 1.3, 1.4 and 2.0, deployed for promoter account 8812
--   ("Northlight Live"). 1.3 answered from 2026-05-04 to 2026-05-11, 1.4 from 2026-05-12 to
--   2026-05-20, 2.0 from 2026-05-21 to 2026-05-29.
-- Log window: 2026-05-04 to 2026-05-29 (so "last month" / "april" is April 2026, "this month"
--   May 2026 to date, "this quarter" Q2 2026 to date, "last quarter" / "Q1" Q1 2026, "ytd" /
--   "this year" 2026 to date, "march" March 2026, "last week" the previous Monday-to-Sunday week,
--   "next 30 days" from now to now + 30 days). Said of shows booked (the future), "this quarter"
--   is the whole of Q2 2026 (April to June); "last 6 months" are the six whole months before
--   this one.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `promoter_acct_id = 8812` on every table that carries it (events, performances,
--     price_tiers, orders, tickets, refunds, ticket_xfers, payouts). venues and scans carry no
--     tenant column: they are scoped through the promoter's events / tickets.
--   * test checkouts: `is_test = false` on orders and tickets (promoters and the box office try
--     the checkout with test cards in production; a test order's tickets are test tickets).
--   * soft deletes: `deleted_at IS NULL` on events (a deleted event is a promoter's mistake:
--     it never counts as an event, nor do its performances).
--
-- Business conventions at this promoter (what a careful analyst would apply):
--   * a ticket is sold when tkt_status_cd = 'VALID' (refunded and voided tickets are not sold)
--     and it is not a comp (is_comp = false). "Tickets sold" / "tix" counts those, dated by
--     tickets.sold_ts. Comps (complimentary tickets, face_amt 0) are issued, not sold; they
--     are still admitted at the door.
--   * revenue / gross sales / GTV = SUM(tickets.face_amt) over VALID tickets (the price paid for
--     the ticket, after any promo discount), dated by sold_ts. Booking fees are Turnstyle's and
--     are NOT revenue; "fee revenue" / "booking fees" = SUM(orders.fee_amt) over PAID orders.
--   * an order counts when ord_status_cd = 'PAID' (a partly refunded order stays PAID; a fully
--     refunded one becomes 'REFUNDED'; FAILED and ABANDONED never took money), dated by
--     order_ts. Order value / AOV = orders.subtotal_amt (tickets after discount, without
--     fees); comp orders (box office, subtotal 0) are PAID orders too. A buyer is
--     orders.buyer_id. Tickets per order counts an order's VALID tickets (comps included).
--   * a ticket price is the face_amt of a sold ticket (comps left out).
--   * sell-through of a performance = tickets sold / performances.sellable_cap_qty (the
--     capacity put on sale for that show; venues.capacity_qty is the room's fire capacity).
--   * played show = perf_status_cd 'PLAYED'; a booked show is a performance not 'CANCELLED'.
--     An upcoming show is 'SCHED' with perf_start_ts in the future.
--   * attendance: a ticket attended when it has a scan with scan_result_cd = 'OK' (a ticket
--     has at most one OK scan; re-entries are 'DUPLICATE'). No-show rate = VALID tickets
--     (comps included) of played shows without an OK scan / VALID tickets of those shows.
--     Reject rate at the gates = scans not 'OK' / all scans, dated by scan_ts.
--   * refunds count when refund_status_cd = 'PROCESSED', dated by refund_ts.
--   * a resale is a ticket_xfers row with xfer_type_cd = 'RESALE' and xfer_status_cd = 'DONE';
--     a transfer (gift) is xfer_type_cd = 'GIFT' and 'DONE'. Resale markup = resale_amt - the
--     ticket's face_amt.
--   * paid out = payouts with payout_status_cd 'PAID', dated by paid_dt; outstanding (pending)
--     payouts = status 'SCHEDULED' or 'HELD' (a held payout is still owed).
--   * an event on sale is evt_status_cd = 'ONSALE' (SOLDOUT events are not on sale).
--   * promo code use: orders.promo_cd IS NOT NULL; discount given = orders.discount_amt.
--   * ratios and rates are reported in percent.
-- ============================================================================================

CREATE TABLE venues (
    venue_id       INTEGER PRIMARY KEY,
    venue_nm       VARCHAR NOT NULL,
    city_nm        VARCHAR NOT NULL,
    country_cd     CHAR(2) NOT NULL,
    venue_type_cd  VARCHAR NOT NULL,         -- ARENA, CLUB, THEATRE, OPENAIR
    capacity_qty   INTEGER NOT NULL,         -- fire capacity of the room
    is_active      BOOLEAN NOT NULL
);

CREATE TABLE events (
    promoter_acct_id INTEGER NOT NULL,
    event_id         INTEGER PRIMARY KEY,
    event_nm         VARCHAR NOT NULL,
    genre_cd         VARCHAR NOT NULL,       -- MUS, COM, SPT, THR, FAM
    venue_id         INTEGER NOT NULL,
    onsale_ts        TIMESTAMP,              -- NULL while a draft
    evt_status_cd    VARCHAR NOT NULL,       -- DRAFT, ONSALE, SOLDOUT, CANCELLED, ENDED
    created_ts       TIMESTAMP NOT NULL,
    deleted_at       TIMESTAMP               -- soft delete
);

CREATE TABLE performances (
    promoter_acct_id INTEGER NOT NULL,
    perf_id          INTEGER PRIMARY KEY,
    event_id         INTEGER NOT NULL,
    perf_start_ts    TIMESTAMP NOT NULL,
    perf_status_cd   VARCHAR NOT NULL,       -- SCHED, PLAYED, CANCELLED, POSTPONED
    sellable_cap_qty INTEGER NOT NULL        -- seats put on sale for this show
);

CREATE TABLE price_tiers (
    promoter_acct_id INTEGER NOT NULL,
    tier_id          INTEGER PRIMARY KEY,
    perf_id          INTEGER NOT NULL,
    tier_nm          VARCHAR NOT NULL,       -- GA, VIP, RESERVED, EARLYBIRD
    face_amt         DECIMAL(10, 2) NOT NULL, -- list price of the tier
    alloc_qty        INTEGER NOT NULL
);

CREATE TABLE orders (
    promoter_acct_id INTEGER NOT NULL,
    order_id         INTEGER PRIMARY KEY,
    buyer_id         INTEGER NOT NULL,
    order_ts         TIMESTAMP NOT NULL,
    channel_cd       VARCHAR NOT NULL,       -- WEB, APP, BOXOFFICE, PARTNER
    promo_cd         VARCHAR,                -- NULL when no promo code was used
    subtotal_amt     DECIMAL(10, 2) NOT NULL, -- tickets after discount, without fees
    discount_amt     DECIMAL(10, 2) NOT NULL,
    fee_amt          DECIMAL(10, 2) NOT NULL, -- booking fees (Turnstyle's)
    ord_status_cd    VARCHAR NOT NULL,       -- PAID, REFUNDED, FAILED, ABANDONED
    is_test          BOOLEAN NOT NULL
);

CREATE TABLE tickets (
    promoter_acct_id INTEGER NOT NULL,
    ticket_id        INTEGER PRIMARY KEY,
    order_id         INTEGER NOT NULL,
    perf_id          INTEGER NOT NULL,
    tier_id          INTEGER NOT NULL,
    face_amt         DECIMAL(10, 2) NOT NULL, -- price paid for this ticket (0 for comps)
    is_comp          BOOLEAN NOT NULL,
    tkt_status_cd    VARCHAR NOT NULL,       -- VALID, REFUNDED, VOID
    sold_ts          TIMESTAMP NOT NULL,
    is_test          BOOLEAN NOT NULL
);

CREATE TABLE scans (
    scan_id        INTEGER PRIMARY KEY,
    ticket_id      INTEGER NOT NULL,
    scan_ts        TIMESTAMP NOT NULL,
    gate_cd        VARCHAR NOT NULL,         -- N1, N2, S1, VIP
    scan_result_cd VARCHAR NOT NULL          -- OK, DUPLICATE, INVALID, WRONG_SHOW
);

CREATE TABLE refunds (
    promoter_acct_id INTEGER NOT NULL,
    refund_id        INTEGER PRIMARY KEY,
    order_id         INTEGER NOT NULL,
    ticket_id        INTEGER,                -- NULL for an order-level (fee) refund
    refund_ts        TIMESTAMP NOT NULL,
    refund_amt       DECIMAL(10, 2) NOT NULL,
    reason_cd        VARCHAR NOT NULL,       -- EVT_CANCEL, CUST_REQ, FRAUD, DUP_CHARGE
    refund_status_cd VARCHAR NOT NULL        -- PROCESSED, PENDING, DENIED
);

CREATE TABLE ticket_xfers (
    promoter_acct_id INTEGER NOT NULL,
    xfer_id          INTEGER PRIMARY KEY,
    ticket_id        INTEGER NOT NULL,
    from_holder_id   INTEGER NOT NULL,
    to_holder_id     INTEGER NOT NULL,
    xfer_ts          TIMESTAMP NOT NULL,
    xfer_type_cd     VARCHAR NOT NULL,       -- GIFT, RESALE
    resale_amt       DECIMAL(10, 2),         -- NULL for gifts
    xfer_status_cd   VARCHAR NOT NULL        -- DONE, PENDING, CANCELLED
);

CREATE TABLE payouts (
    promoter_acct_id INTEGER NOT NULL,
    payout_id        INTEGER PRIMARY KEY,
    event_id         INTEGER NOT NULL,
    period_end_dt    DATE NOT NULL,          -- end of the settlement period paid out
    paid_dt          DATE,                   -- NULL until paid
    payout_amt       DECIMAL(12, 2) NOT NULL,
    payout_status_cd VARCHAR NOT NULL        -- PAID, SCHEDULED, HELD, REVERSED
);
