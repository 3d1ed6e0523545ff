-- ============================================================================================
-- bookstore_chain: the warehouse of an independent-bookstore chain platform (DuckDB DDL for
-- labelling)
--
-- Company: "Folio Commons" hosts POS, e-commerce, loyalty, events and inventory software for
-- independent bookstore groups. Every group is a tenant of one shared BigQuery warehouse
-- (project `folio-dw`, dataset `bookstore`), every table keyed by grp_id. The deployment here
-- is group 'BG-0527', Lantern & Quill Booksellers: Downtown Flagship, Hyde Park, Riverside, the
-- Airport Kiosk (closed for a refit for the whole of October 2026, no sales that month) and Mill
-- Street, closed on 2025-12-31 and soft-deleted with its history kept (nothing dated after
-- 2025 except its stock moved out). Other tenants in the warehouse: 'BG-0311' (Cedar & Sons
-- Books) and 'BG-0864' (Tidewater Readers). Ids are unique across the platform.
--
-- Warehouse: BigQuery (DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD with INTERVAL n MONTH,
-- DATE_DIFF(a, b, DAY), TIMESTAMP_TRUNC, DATE(ts), COUNTIF, SAFE_DIVIDE, QUALIFY, backticked
-- `folio-dw.bookstore.<table>` names; `/` always returns FLOAT64). Amounts are INT64 cents.
-- Agent: `shelf-sql`, versions 1.6, 1.7 and 1.8, deployed for group 'BG-0527'; it writes
-- dialect `bigquery`.
-- Log window: 2026-11-09 to 2026-11-27; the warehouse is loaded up to 2026-11-08 (nothing dated
-- after it, except author events on the calendar, tickets sold ahead for them and promised
-- dates of open online orders). So "last month" is October 2026, "this month" November 2026 to
-- date, "last quarter" July-September 2026, "this quarter" Q4 2026 to date, "ytd" / "this
-- year" 2026 to date, "last year" 2025, "last 6 months" the six whole months May-October 2026,
-- "the last 12 months" for member activity the rolling 12 months back from today, "december"
-- December 2026, "upcoming" from today on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'BG-0527'` on every table of every query (row policy);
--   * test rows: `is_test = FALSE` on sales_txns (sales rung on the training till, web test
--     orders) and members (the POS test loyalty accounts 'TEST MEMBER POS' and 'Training
--     Account'); test members' purchases are test transactions themselves;
--   * voids: `void_flg = 'N'` on sales_txns (POS receipts voided at the till and re-rung);
--   * soft deletes: `deleted_at IS NULL` on stores (the closed Mill Street store), titles
--     (duplicate catalogue records keyed twice, never sold or stocked) and members (merged
--     duplicate loyalty accounts). These matter where that table is the population counted or
--     listed ("which stores ...", "which titles ...", "how many members ...").
--
-- Business conventions of the group (what a careful analyst would apply):
--   * a title is one titles row = one ISBN, i.e. one format edition: a work published in
--     hardcover and paperback is two titles (same title_nm). Rankings and counts "of titles"
--     are per title_id. format_cd 'HC' (hardcover), 'PB' (paperback), 'EBOOK', 'AUDIO';
--     "physical" = HC and PB, "digital" = EBOOK and AUDIO (sold online only, never stocked).
--     genre_cd 'FIC', 'MYS', 'SFF', 'ROM', 'KIDS', 'YA', 'BIO', 'HIST', 'COOK', 'POET'.
--   * sales_txns is one row per POS receipt or online order (channel_cd 'POS' or 'WEB');
--     sales_lines one row per title on it. A counted sale = is_test = FALSE, void_flg = 'N'
--     and txn_status <> 'CANCELLED' (cancelled online orders were refunded before fulfilment;
--     'PENDING' online orders are paid and count). Dated by txn_ts (the order time for WEB).
--   * net sales = "sales" = "revenue" = SUM(qty * unit_price_cents - disc_cents) / 100 in
--     dollars over counted sales lines (disc_cents is the line's whole discount); gross sales =
--     SUM(qty * unit_price_cents) / 100; discount rate = SUM(disc_cents) / gross, as a
--     percentage. Units sold = SUM(qty). Gift card sales and event tickets are not book sales.
--   * a basket = a transaction (POS receipt or online order); average basket ("AOV", "avg
--     ticket") = net sales / number of counted transactions.
--   * sales by store: store_id of the transaction (for online orders the fulfilling store;
--     DIGITAL orders are booked to the Downtown Flagship). staff_id is the bookseller who rang
--     a POS sale (NULL on WEB orders); "top bookseller" ranks staff by net sales of their
--     counted POS sales.
--   * online orders = counted WEB transactions; fulfil_cd 'SHIP', 'PICKUP' (buy online, pick
--     up in store) or 'DIGITAL'. Shipped orders carry promised_dt and shipped_ts; an order is
--     on time when DATE(shipped_ts) <= promised_dt; on-time rate = on-time / SHIP orders with
--     shipped_ts set, by order date, as a percentage. Pickup share = PICKUP orders / online
--     orders, as a percentage.
--   * loyalty: members with tier_cd 'READER' or 'BIBLIOPHILE'; join_dt is the signup date;
--     "new members" are counted by join_dt. An active member has at least one counted sale
--     in the rolling 12 months back from today. A member "never bought" when no counted sale
--     carries their member_id (a voided receipt or a cancelled order is no purchase).
--     pts_earned / pts_redeemed on sales_txns are the points of that sale; points_bal on
--     members is the current balance.
--   * special_orders: req_type 'SPECIAL' (a title ordered in for a customer) or 'HOLD' (a copy
--     set aside from stock, arrived_dt = req_dt). status 'OPEN' (special order not yet
--     arrived), 'ARRIVED' (on the hold shelf), 'PICKED_UP', 'CANCELLED', 'EXPIRED' (not
--     collected within 10 days of arrival, back to stock: a no-show). Days to fill = DATE_DIFF
--     (arrived_dt, req_dt) of SPECIAL orders that arrived, by req_dt. Hold no-show rate =
--     EXPIRED / (PICKED_UP + EXPIRED) holds, by req_dt.
--   * stock: inventory is the current on-hand per store and physical title (a title never
--     stocked at a store has no row there); "in stock" = on_hand_qty > 0; a title is out of
--     stock everywhere when no store has it on hand. stock_moves: move_type 'RCV' (receiving
--     from a publisher or wholesaler), 'RTV' (return to the publisher, qty = units sent back,
--     credit_cents NULL until the publisher credits it) and 'ADJ' (count adjustment, qty
--     signed). "Receiving" = RCV moves, "returns to publishers" = RTV moves, by move_dt.
--   * author events: status 'SCHEDULED', 'HELD', 'CANCELLED'. event_tickets is one row per
--     seat: tkt_status 'SOLD' or 'REFUNDED' (every ticket of a cancelled event is refunded),
--     checked_in 'Y'/'N'. Tickets sold = SOLD tickets; ticket revenue = SUM(paid_cents) / 100
--     of SOLD tickets at HELD events, by event_dt; a no-show = a SOLD ticket at a HELD event
--     with checked_in = 'N'; no-show rate = no-shows / SOLD tickets there. Sell-through =
--     SOLD tickets / capacity, as a percentage.
--   * gift cards: card_type 'PURCHASED' or 'PROMO' (given away free); status 'ACTIVE' or 'VOID'
--     (voided cards keep their last balance). Gift cards sold = PURCHASED cards not VOID, by
--     issued_ts, value = SUM(init_cents) / 100. Outstanding balance (the liability) =
--     SUM(bal_cents) / 100 of ACTIVE cards, promo cards included.
-- ============================================================================================

CREATE TABLE stores (
    grp_id        VARCHAR NOT NULL,
    store_id      INTEGER NOT NULL,        -- unique across the platform
    store_cd      VARCHAR NOT NULL,        -- e.g. 'LQ-DTN'
    store_nm      VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    store_type    VARCHAR NOT NULL,        -- 'FLAGSHIP', 'NEIGHBORHOOD', 'KIOSK'
    opened_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP                -- closed and soft-deleted
);

CREATE TABLE staff (
    grp_id        VARCHAR NOT NULL,
    staff_id      INTEGER NOT NULL,
    store_id      INTEGER NOT NULL,        -- home store
    staff_nm      VARCHAR NOT NULL,
    role_cd       VARCHAR NOT NULL,        -- 'BOOKSELLER', 'MANAGER', 'EVENTS_COORD'
    hire_dt       DATE NOT NULL,
    term_dt       DATE                     -- set for leavers
);

CREATE TABLE titles (
    grp_id           VARCHAR NOT NULL,
    title_id         INTEGER NOT NULL,     -- one ISBN (one format edition)
    isbn13           VARCHAR NOT NULL,
    title_nm         VARCHAR NOT NULL,
    author_nm        VARCHAR NOT NULL,
    publisher_nm     VARCHAR NOT NULL,
    genre_cd         VARCHAR NOT NULL,     -- 'FIC', 'MYS', 'SFF', 'ROM', 'KIDS', 'YA', 'BIO', 'HIST', 'COOK', 'POET'
    format_cd        VARCHAR NOT NULL,     -- 'HC', 'PB', 'EBOOK', 'AUDIO'
    list_price_cents INTEGER NOT NULL,
    pub_dt           DATE NOT NULL,
    deleted_at       TIMESTAMP             -- duplicate catalogue record
);

CREATE TABLE inventory (
    grp_id        VARCHAR NOT NULL,
    store_id      INTEGER NOT NULL,
    title_id      INTEGER NOT NULL,        -- physical titles only
    on_hand_qty   INTEGER NOT NULL,
    reorder_pt    INTEGER NOT NULL,
    last_count_dt DATE NOT NULL
);

CREATE TABLE stock_moves (
    grp_id          VARCHAR NOT NULL,
    move_id         BIGINT NOT NULL,
    store_id        INTEGER NOT NULL,
    title_id        INTEGER NOT NULL,
    move_type       VARCHAR NOT NULL,      -- 'RCV', 'RTV', 'ADJ'
    move_dt         DATE NOT NULL,
    qty             INTEGER NOT NULL,      -- units; signed on ADJ
    unit_cost_cents INTEGER,               -- NULL on ADJ
    vendor_cd       VARCHAR,               -- 'PUB' (publisher direct), 'WHL' (wholesaler); NULL on ADJ
    credit_cents    INTEGER                -- RTV only: NULL until the publisher credits it
);

CREATE TABLE members (
    grp_id        VARCHAR NOT NULL,
    member_id     INTEGER NOT NULL,
    member_nm     VARCHAR NOT NULL,
    email         VARCHAR,                 -- NULL when not given
    home_store_id INTEGER,                 -- NULL when never chosen
    join_dt       DATE NOT NULL,
    tier_cd       VARCHAR NOT NULL,        -- 'READER', 'BIBLIOPHILE'
    points_bal    INTEGER NOT NULL,
    is_test       BOOLEAN NOT NULL,
    deleted_at    TIMESTAMP                -- merged duplicate account
);

CREATE TABLE sales_txns (
    grp_id        VARCHAR NOT NULL,
    txn_id        BIGINT NOT NULL,
    store_id      INTEGER NOT NULL,
    staff_id      INTEGER,                 -- NULL on WEB orders
    member_id     INTEGER,                 -- NULL: anonymous / guest
    txn_ts        TIMESTAMP NOT NULL,
    channel_cd    VARCHAR NOT NULL,        -- 'POS', 'WEB'
    fulfil_cd     VARCHAR,                 -- WEB: 'SHIP', 'PICKUP', 'DIGITAL'; NULL on POS
    txn_status    VARCHAR NOT NULL,        -- 'COMPLETE', 'PENDING', 'CANCELLED'
    promised_dt   DATE,                    -- SHIP orders
    shipped_ts    TIMESTAMP,               -- SHIP orders, once shipped
    picked_up_ts  TIMESTAMP,               -- PICKUP orders, once collected
    pay_type      VARCHAR NOT NULL,        -- 'CARD', 'CASH', 'GIFT_CARD'
    pts_earned    INTEGER NOT NULL,
    pts_redeemed  INTEGER NOT NULL,
    void_flg      VARCHAR NOT NULL,        -- 'Y' / 'N'
    is_test       BOOLEAN NOT NULL
);

CREATE TABLE sales_lines (
    grp_id           VARCHAR NOT NULL,
    txn_id           BIGINT NOT NULL,
    line_nbr         INTEGER NOT NULL,
    title_id         INTEGER NOT NULL,
    qty              INTEGER NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    disc_cents       INTEGER NOT NULL,     -- the line's whole discount
    disc_cd          VARCHAR               -- 'MEMBER10', 'PROMO20', 'STAFF30'; NULL when none
);

CREATE TABLE special_orders (
    grp_id        VARCHAR NOT NULL,
    so_id         INTEGER NOT NULL,
    store_id      INTEGER NOT NULL,
    member_id     INTEGER,                 -- NULL for non-members
    cust_nm       VARCHAR NOT NULL,
    title_id      INTEGER NOT NULL,
    req_type      VARCHAR NOT NULL,        -- 'SPECIAL', 'HOLD'
    req_dt        DATE NOT NULL,
    status        VARCHAR NOT NULL,        -- 'OPEN', 'ARRIVED', 'PICKED_UP', 'CANCELLED', 'EXPIRED'
    arrived_dt    DATE,
    picked_up_dt  DATE
);

CREATE TABLE author_events (
    grp_id          VARCHAR NOT NULL,
    event_id        INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    event_nm        VARCHAR NOT NULL,
    author_nm       VARCHAR NOT NULL,
    event_dt        DATE NOT NULL,
    capacity        INTEGER NOT NULL,
    tkt_price_cents INTEGER NOT NULL,
    status          VARCHAR NOT NULL       -- 'SCHEDULED', 'HELD', 'CANCELLED'
);

CREATE TABLE event_tickets (
    grp_id        VARCHAR NOT NULL,
    ticket_id     BIGINT NOT NULL,
    event_id      INTEGER NOT NULL,
    member_id     INTEGER,
    sold_ts       TIMESTAMP NOT NULL,
    paid_cents    INTEGER NOT NULL,
    tkt_status    VARCHAR NOT NULL,        -- 'SOLD', 'REFUNDED'
    checked_in    VARCHAR NOT NULL         -- 'Y' / 'N'
);

CREATE TABLE gift_cards (
    grp_id          VARCHAR NOT NULL,
    card_id         BIGINT NOT NULL,
    issued_store_id INTEGER NOT NULL,
    issued_ts       TIMESTAMP NOT NULL,
    card_type       VARCHAR NOT NULL,      -- 'PURCHASED', 'PROMO'
    init_cents      INTEGER NOT NULL,
    bal_cents       INTEGER NOT NULL,
    status          VARCHAR NOT NULL       -- 'ACTIVE', 'VOID'
);
