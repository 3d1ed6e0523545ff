-- ============================================================================================
-- art_galleries: the sales and inventory warehouse of a commercial-gallery management platform
-- (DuckDB DDL for labelling)
--
-- Company: "Canvas Ledger" runs inventory, consignments, exhibitions, sales, collector CRM,
-- payments, artist settlements, museum loans and art shipping for groups of commercial art
-- galleries. Every gallery group is a tenant of one shared BigQuery warehouse: galleries,
-- represented artists, artworks (unique works and numbered editions) consigned by the artists,
-- exhibitions and the works hung in them, collectors and the artists or media they follow, sales
-- with discounts and the artist's split, payments (deposits, instalments, final payments,
-- refunds), artist payouts, loans to museums and shipments, all keyed by group_id. Other groups
-- (e.g. 'GG-0420', Nordlicht Projects) share every table.
--
-- Warehouse: Google BigQuery (GoogleSQL): tables are named `canvasledger-prod.gallery_wh.<table>`;
-- DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD(d, INTERVAL n DAY|MONTH), DATE_DIFF(a, b, DAY),
-- TIMESTAMP_DIFF, EXTRACT(YEAR FROM d), FORMAT_DATE, COUNTIF, SAFE_DIVIDE, IF(), QUALIFY,
-- CURRENT_DATE(). `/` is always FLOAT64 division. The agent writes dialect `bigquery`.
-- Agent: `easel-analyst`, versions 2.1, 2.2 and 2.3, deployed for gallery group 'GG-1184'
-- ("Halden & Ward Galleries": Mayfair (London), Chelsea (New York), Berlin, and Lisbon, opened on
-- 10 September 2026).
-- Log window: 2026-11-16 to 2026-11-27. The agent queries a warehouse copy loaded up to
-- 2026-11-15, the day before the window (planned exhibitions, approved loans and scheduled
-- payouts after that day are already in it). Relative dates are read against the record's
-- timestamp:
--   "last month"                October 2026 (2026-10-01 .. 2026-10-31)
--   "this month" / "mtd"        November 2026, 1st up to today
--   "last quarter" / "Q3"       July - September 2026
--   "this quarter" / "qtd"      October 2026 up to today
--   "this year" / "ytd"         2026-01-01 up to today
--   "last year"                 calendar 2025; "vs last year" = the same period one year back
--   "last 6 months"             the six whole months May - October 2026
--   "last 12 months"            the 12 months before today (DATE_SUB(today, 12 MONTH) .. today)
--   "rn" / "right now" / "current" as of today (the copy holds everything up to 2026-11-15).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `group_id = 'GG-1184'` on every table of every query (row-level security);
--   * test data: `is_test = FALSE` on sales and collectors (QA sales keyed while onboarding
--     staff, some on real collectors; a QA test collector); payments, payouts and shipments of a
--     test sale go with the sale;
--   * soft deletes: `deleted_at IS NULL` on artists (an artist keyed twice), artworks (duplicate
--     artwork records) and collectors (a merged duplicate collector).
--
-- Business conventions at this group (what a careful analyst would apply):
--   * sales.status: PENDING (agreed, deposit maybe taken, not yet completed), COMPLETED,
--     CANCELLED, RETURNED (completed, then taken back; returned_dt set). "sales" / "revenue" =
--     SUM(sale_price) of COMPLETED sales, dated by sale_dt; "works sold" = the count of those.
--     PENDING, CANCELLED and RETURNED sales are not sales. A sale with NULL collector_id is an
--     anonymous buyer (cash at an art fair, a buyer who asked not to be recorded).
--   * sale_price = list_price * (100 - discount_pct) / 100; discount_pct is in percent.
--     "avg discount" = the pooled discount, 1 - SUM(sale_price) / SUM(list_price), over COMPLETED
--     sales (in percent when "%" is asked), not the average of discount_pct.
--   * artist_split_pct is the artist's share of the sale price, in percent, fixed per sale.
--     "artist share" = sale_price * artist_split_pct / 100; "gallery commission" / "our
--     commission" = sale_price * (100 - artist_split_pct) / 100, of COMPLETED sales.
--   * payments: payment_type DEPOSIT, INSTALMENT, FINAL, REFUND (amount negative); is_void =
--     TRUE for payments keyed in error (never count). "collected" = SUM(amount) of non-void
--     payments. "outstanding" / "balance due" of a sale = sale_price - collected, for PENDING
--     and COMPLETED sales.
--   * artist payouts: status SCHEDULED, PAID (paid_dt set), VOID. "owed to artists" = artist
--     share of COMPLETED sales - SUM(amount) of their PAID payouts.
--   * return rate = RETURNED / (COMPLETED + RETURNED) sales, by sale_dt.
--   * days on market of a sold work = DATE_DIFF(sale_dt, artworks.consigned_dt, DAY).
--   * artworks.status: AVAILABLE, RESERVED, SOLD, ON_LOAN, RETURNED_TO_ARTIST. "available" /
--     "inventory" = status 'AVAILABLE'; inventory value = SUM(list_price). A print or photograph
--     in an edition carries edition_size and edition_no (one row per numbered impression);
--     edition_size NULL = a unique work.
--   * exhibitions: PLANNED, OPEN, CLOSED, CANCELLED; works hung = exhibition_works.
--     sales.exhibition_id is set when the work sold from the show. Sell-through of a show =
--     COMPLETED sales from it / works hung (a fraction).
--   * collectors: tier PLATINUM, GOLD, SILVER, NEW. "new collectors" by created_dt. "active
--     collectors" = collectors with a COMPLETED purchase in the last 12 months. A collector's
--     interests (collector_interests) name an artist, or only a medium (artist_id NULL).
--   * loans: REQUESTED, APPROVED, DECLINED, OUT (at the borrower), RETURNED. "on loan" =
--     status 'OUT'. Loans are dated by loan_start_dt.
--   * shipments: DELIVERED, IN_TRANSIT, CANCELLED (never shipped, never billed). "shipping
--     cost" = shipping_cost + insurance_cost of non-cancelled shipments, dated by ship_dt.
-- ============================================================================================

CREATE TABLE galleries (
    gallery_id      INTEGER PRIMARY KEY,
    group_id        VARCHAR NOT NULL,
    gallery_nm      VARCHAR NOT NULL,
    city            VARCHAR,
    opened_dt       DATE,
    closed_dt       DATE
);

CREATE TABLE artists (
    artist_id          INTEGER PRIMARY KEY,
    group_id           VARCHAR NOT NULL,
    artist_nm          VARCHAR NOT NULL,
    country            VARCHAR,
    represented_since  DATE,
    deleted_at         TIMESTAMP
);

CREATE TABLE artworks (
    artwork_id     INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    artist_id      INTEGER NOT NULL,      -- artists.artist_id
    gallery_id     INTEGER NOT NULL,      -- the gallery holding the consignment
    title          VARCHAR,
    medium         VARCHAR,               -- PAINTING, SCULPTURE, PHOTOGRAPH, PRINT, WORK_ON_PAPER
    edition_size   INTEGER,               -- NULL = unique work
    edition_no     INTEGER,
    list_price     DECIMAL(12,2),
    status         VARCHAR,               -- AVAILABLE, RESERVED, SOLD, ON_LOAN, RETURNED_TO_ARTIST
    consigned_dt   DATE,
    deleted_at     TIMESTAMP
);

CREATE TABLE exhibitions (
    exhibition_id  INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    gallery_id     INTEGER NOT NULL,
    title          VARCHAR,
    open_dt        DATE,
    close_dt       DATE,
    status         VARCHAR                -- PLANNED, OPEN, CLOSED, CANCELLED
);

CREATE TABLE exhibition_works (
    exhibition_id  INTEGER NOT NULL,
    artwork_id     INTEGER NOT NULL,
    group_id       VARCHAR NOT NULL
);

CREATE TABLE collectors (
    collector_id   INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    collector_nm   VARCHAR,
    country        VARCHAR,
    tier           VARCHAR,               -- PLATINUM, GOLD, SILVER, NEW
    created_dt     DATE,
    is_test        BOOLEAN,
    deleted_at     TIMESTAMP
);

CREATE TABLE collector_interests (
    interest_id    INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    collector_id   INTEGER NOT NULL,
    artist_id      INTEGER,               -- NULL when the interest is a medium only
    medium         VARCHAR,
    created_dt     DATE
);

CREATE TABLE sales (
    sale_id           INTEGER PRIMARY KEY,
    group_id          VARCHAR NOT NULL,
    gallery_id        INTEGER NOT NULL,
    artwork_id        INTEGER NOT NULL,
    collector_id      INTEGER,            -- NULL = anonymous buyer
    exhibition_id     INTEGER,            -- set when sold from a show
    salesperson       VARCHAR,
    sale_dt           DATE,
    list_price        DECIMAL(12,2),      -- list price at the time of sale
    discount_pct      DECIMAL(5,2),
    sale_price        DECIMAL(12,2),
    artist_split_pct  DECIMAL(5,2),       -- the artist's share, in percent
    status            VARCHAR,            -- PENDING, COMPLETED, CANCELLED, RETURNED
    returned_dt       DATE,
    is_test           BOOLEAN
);

CREATE TABLE sale_payments (
    payment_id     INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    sale_id        INTEGER NOT NULL,
    paid_dt        DATE,
    payment_type   VARCHAR,               -- DEPOSIT, INSTALMENT, FINAL, REFUND (negative amount)
    amount         DECIMAL(12,2),
    is_void        BOOLEAN
);

CREATE TABLE artist_payouts (
    payout_id      INTEGER PRIMARY KEY,
    group_id       VARCHAR NOT NULL,
    sale_id        INTEGER NOT NULL,
    artist_id      INTEGER NOT NULL,
    amount         DECIMAL(12,2),
    paid_dt        DATE,
    status         VARCHAR                -- SCHEDULED, PAID, VOID
);

CREATE TABLE loans (
    loan_id         INTEGER PRIMARY KEY,
    group_id        VARCHAR NOT NULL,
    artwork_id      INTEGER NOT NULL,
    borrower_nm     VARCHAR,              -- the borrowing museum
    requested_dt    DATE,
    loan_start_dt   DATE,
    loan_end_dt     DATE,                 -- NULL = open-ended
    insured_value   DECIMAL(12,2),
    status          VARCHAR               -- REQUESTED, APPROVED, DECLINED, OUT, RETURNED
);

CREATE TABLE shipments (
    shipment_id     INTEGER PRIMARY KEY,
    group_id        VARCHAR NOT NULL,
    artwork_id      INTEGER NOT NULL,
    sale_id         INTEGER,              -- a sale delivery, or
    loan_id         INTEGER,              -- a loan out to a museum
    carrier         VARCHAR,
    ship_dt         DATE,
    delivered_dt    DATE,
    shipping_cost   DECIMAL(10,2),
    insurance_cost  DECIMAL(10,2),
    status          VARCHAR               -- DELIVERED, IN_TRANSIT, CANCELLED
);
