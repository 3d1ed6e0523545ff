-- ============================================================================================
-- winery_dtc: the warehouse of a winery direct-to-consumer platform (DuckDB DDL for labelling)
--
-- Company: "CorkPath" runs the tasting-room POS, web store, wine-club and reservation software
-- for wineries that sell direct to consumers. Every winery group is a tenant of one shared
-- SQL Server analytics warehouse: its wineries, tasting rooms and warehouses, wine SKUs by
-- vintage, varietal and pack, consumers and club members, club tiers and memberships with holds
-- and cancellations, quarterly club releases (one allocation row per membership and release),
-- POS, web and phone orders with their lines, tasting-room reservations, the group's shipping
-- compliance rules by state, and inventory snapshots by warehouse, keyed by grp_id.
--
-- Warehouse: SQL Server 2019. The agent writes dialect `tsql` (TOP n, TOP n WITH TIES, DATEADD,
-- DATEDIFF, EOMONTH, DATEFROMPARTS, CAST(GETDATE() AS date), IIF, ISNULL; int / int truncates,
-- AVG over an int column is an int; flags are BIT 0 / 1).
-- Agent: `cellar-copilot`, versions 3.4, 3.5 and 3.6, deployed for winery group 842 ("Calder
-- Ridge Wine Estates": Calder Ridge Estate in the Russian River Valley, Mirabel Cellars in the
-- Dundee Hills, Stonegate Vineyards in Paso Robles). Its tasting rooms: Healdsburg, Dundee, Paso
-- Robles, the Sonoma Plaza Lounge (opened 2026-09-12) and the Carmel Pop-up (closed 2026-06-30);
-- its warehouses: Napa Fulfillment Center and Newberg Warehouse. Groups 517 (Halvorsen Family
-- Wines) and 903 (Casa Albero) share the tables.
-- Log window: 2026-11-16 to 2026-11-27; the warehouse is loaded through 2026-11-15 (reservations
-- booked for later visits are loaded with status BOOKED). So "today" / "rn" is the record's
-- date; "last month" is October 2026; "this quarter" / "this qtr" Q4 2026 to date (1 October to
-- the load); "last quarter" / "last qtr" Q3 2026 (July-September); "ytd" / "this year" 2026 to
-- date; "last year" 2025; "last 3 months" August-October 2026 and "last 6 months" May-October
-- 2026 (whole calendar months before the current one); "last 12 months" November 2025 -
-- October 2026.
--
-- Club releases are quarterly, one release_cd per season: WINTER (February), SPRING (May),
-- SUMMER (August), FALL (November). "The fall release" / "this release" is 2026-FALL (released
-- 2026-11-05, fully processed by the load); "last release" is 2026-SUMMER.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 842` on every table of every query (row-level security);
--   * `is_test = 0` on members and orders (staff training orders at the POS and test accounts
--     whose cards are test cards: they are never revenue, never members);
--   * `is_deleted = 0` on members (merged duplicate profiles, whose memberships were keyed twice
--     and stay ACTIVE on the duplicate) and on skus (duplicate SKUs keyed twice; they carry no
--     order lines but still have stale inventory snapshot rows);
--   * memberships and club allocations of test or deleted members are left out through the
--     member (club_shipments -> club_memberships -> members); order lines through their order.
--
-- Business conventions at this group (what a careful analyst would apply):
--   * revenue / sales = SUM(order_lines.net_amt) (after discounts, before tax and shipping; comp
--     lines have net_amt 0) over orders with status_cd 'COMPLETED' (POS sales rung up, web and
--     phone orders shipped or picked up; OPEN web orders are not yet revenue; CANCELLED, REFUNDED
--     and VOID never are), dated by order_ts. "tasting room sales" = channel_cd 'POS' (its room
--     is orders.location_id); "web" = channel_cd 'WEB'; phone orders are neither. Sales count
--     every line type (wine, tasting fees, merch); "wine" figures count line_type 'WINE' only.
--   * bottles = qty * skus.bottles_per_unit (a 6PK unit is 6 bottles, a 12CS case 12); bottles
--     sold = non-comp WINE lines of COMPLETED orders (club allocations are not itemised by SKU).
--   * gross = qty * unit_price; discount % = SUM(discount_amt) / SUM(gross) over the same lines;
--     comp value = SUM(qty * unit_price) of lines with is_comp = 1 (comps are given, not sold).
--   * AOV = revenue / number of COMPLETED orders.
--   * library wine = a SKU whose vintage is 2018 or older (eight or more years before the current
--     year); NV wines (vintage NULL, the sparklings) are never library.
--   * club membership: one row per member and tier, status ACTIVE, ON_HOLD (a hold: no
--     allocations while it lasts), CANCELLED (end_dt is the cancel date) or CHANGED (ended by a
--     tier change; the new tier's row points back through prev_membership_id). "active members"
--     = distinct members with an ACTIVE membership (a hold is not active); "on hold" = status
--     ON_HOLD (hold_start_dt / hold_until_dt are also kept on rows whose past hold has ended).
--     A member can belong to the clubs of two wineries. A club's winery is club_tiers.winery_id
--     (members.home_winery_id is where the profile was created).
--   * new signup = a membership with prev_membership_id IS NULL, dated by start_dt (tier changes
--     are not signups); cancellations = status CANCELLED, dated by end_dt; tenure = end_dt -
--     start_dt in days.
--   * club allocations (club_shipments): status SHIPPED, SKIPPED (the member skipped the
--     release), CHARGE_FAILED (card declined, nothing shipped) or RETURNED (refused or
--     undeliverable, refunded). Club revenue = SUM(charge_amt) of SHIPPED allocations, dated by
--     charge_dt. Skip rate = SKIPPED / all allocations of the release; ship rate = SHIPPED / all
--     allocations; shipments are dated by shipped_dt; ship_state NULL = picked up at a room.
--   * reservations: status BOOKED (future), COMPLETED, NO_SHOW or CANCELLED, dated by visit_dt.
--     No-show rate = NO_SHOW / (COMPLETED + NO_SHOW), cancellations left out. Guests = 
--     guests_arrived of COMPLETED visits (party_size is what was booked). Revenue per guest =
--     the room's POS revenue / its guests in the same period.
--   * shipping compliance: ship_rules has one row per group and state; can_ship = 0 states
--     cannot receive shipments from this group (members there pick up). Web orders to those
--     states are cancelled by compliance; a COMPLETED one is a violation.
--   * inventory: inventory_snapshots at month ends and at the load date; "on hand" / "rn" = the
--     latest snapshot_dt; available = on_hand_qty - committed_qty, in units of the SKU's pack
--     (multiply by bottles_per_unit for bottles; a case is 12 bottles). Only WAREHOUSE
--     locations hold snapshot stock.
--   * "tasting rooms" = locations with loc_type 'TASTING_ROOM'; "which rooms" questions list the
--     rooms open today (closed_dt IS NULL).
-- ============================================================================================

CREATE TABLE wineries (
    grp_id          INTEGER NOT NULL,
    winery_id       INTEGER PRIMARY KEY,
    winery_nm       VARCHAR NOT NULL,
    ava_nm          VARCHAR NOT NULL,
    state_cd        CHAR(2) NOT NULL,
    founded_yr      INTEGER NOT NULL
);

CREATE TABLE locations (
    grp_id          INTEGER NOT NULL,
    location_id     INTEGER PRIMARY KEY,
    winery_id       INTEGER NOT NULL,
    location_nm     VARCHAR NOT NULL,
    loc_type        VARCHAR NOT NULL,          -- TASTING_ROOM, WAREHOUSE
    city_nm         VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE
);

CREATE TABLE skus (
    grp_id           INTEGER NOT NULL,
    sku_id           INTEGER PRIMARY KEY,
    winery_id        INTEGER NOT NULL,
    sku_cd           VARCHAR NOT NULL,
    wine_nm          VARCHAR NOT NULL,
    varietal         VARCHAR NOT NULL,
    vintage          INTEGER,                  -- NULL: non-vintage (NV)
    pack_cd          VARCHAR NOT NULL,         -- BTL, 6PK, 12CS
    bottles_per_unit INTEGER NOT NULL,
    list_price       DECIMAL(10,2) NOT NULL,   -- per unit (per pack)
    is_club_only     BIT NOT NULL,
    is_deleted       BIT NOT NULL
);

CREATE TABLE members (
    grp_id          INTEGER NOT NULL,
    member_id       INTEGER PRIMARY KEY,
    member_nm       VARCHAR NOT NULL,
    email           VARCHAR,
    ship_state      CHAR(2),                   -- NULL: no shipping address on file
    home_winery_id  INTEGER NOT NULL,          -- where the profile was created
    joined_dt       DATE NOT NULL,
    is_test         BIT NOT NULL,
    is_deleted      BIT NOT NULL
);

CREATE TABLE club_tiers (
    grp_id              INTEGER NOT NULL,
    tier_id             INTEGER PRIMARY KEY,
    winery_id           INTEGER NOT NULL,
    tier_nm             VARCHAR NOT NULL,
    bottles_per_release INTEGER NOT NULL,
    discount_pct        DECIMAL(4,1) NOT NULL,
    is_retired          BIT NOT NULL
);

CREATE TABLE club_memberships (
    grp_id              INTEGER NOT NULL,
    membership_id       INTEGER PRIMARY KEY,
    member_id           INTEGER NOT NULL,
    tier_id             INTEGER NOT NULL,
    start_dt            DATE NOT NULL,
    end_dt              DATE,                  -- cancel or tier-change date
    status_cd           VARCHAR NOT NULL,      -- ACTIVE, ON_HOLD, CANCELLED, CHANGED
    cancel_reason       VARCHAR,               -- PRICE, TOO_MUCH_WINE, MOVED, SHIPPING, OTHER; NULL when not given
    hold_start_dt       DATE,
    hold_until_dt       DATE,                  -- NULL: open-ended hold
    prev_membership_id  INTEGER                -- the row this tier change replaced
);

CREATE TABLE club_shipments (
    grp_id          INTEGER NOT NULL,
    shipment_id     INTEGER PRIMARY KEY,
    membership_id   INTEGER NOT NULL,
    release_cd      VARCHAR NOT NULL,          -- e.g. 2026-FALL
    release_dt      DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- SHIPPED, SKIPPED, CHARGE_FAILED, RETURNED
    bottle_qty      INTEGER NOT NULL,
    charge_amt      DECIMAL(10,2),             -- NULL when skipped
    charge_dt       DATE,
    shipped_dt      DATE,                      -- SHIPPED / RETURNED only
    ship_state      CHAR(2)                    -- NULL: picked up at a tasting room
);

CREATE TABLE orders (
    grp_id          INTEGER NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    channel_cd      VARCHAR NOT NULL,          -- POS, WEB, PHONE
    location_id     INTEGER,                   -- tasting room (POS only)
    member_id       INTEGER,                   -- NULL: walk-in or guest checkout
    order_ts        TIMESTAMP NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- OPEN, COMPLETED, CANCELLED, REFUNDED, VOID
    ship_state      CHAR(2),                   -- web / phone orders shipped
    shipping_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    is_test         BIT NOT NULL
);

CREATE TABLE order_lines (
    grp_id          INTEGER NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    line_type       VARCHAR NOT NULL,          -- WINE, TASTING, MERCH
    sku_id          INTEGER,                   -- WINE lines only
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(10,2) NOT NULL,
    discount_amt    DECIMAL(10,2) NOT NULL,
    is_comp         BIT NOT NULL,
    net_amt         DECIMAL(10,2) NOT NULL     -- qty * unit_price - discount_amt; 0 when comped
);

CREATE TABLE reservations (
    grp_id          INTEGER NOT NULL,
    reservation_id  INTEGER PRIMARY KEY,
    location_id     INTEGER NOT NULL,
    member_id       INTEGER,
    booked_ts       TIMESTAMP NOT NULL,
    visit_dt        DATE NOT NULL,
    experience_cd   VARCHAR NOT NULL,          -- CLASSIC, RESERVE, CAVE_TOUR
    party_size      INTEGER NOT NULL,
    guests_arrived  INTEGER,                   -- COMPLETED only
    status_cd       VARCHAR NOT NULL           -- BOOKED, COMPLETED, NO_SHOW, CANCELLED
);

CREATE TABLE ship_rules (
    grp_id            INTEGER NOT NULL,
    state_cd          CHAR(2) NOT NULL,
    can_ship          BIT NOT NULL,
    annual_case_limit INTEGER,                 -- per consumer; NULL: no limit
    updated_dt        DATE NOT NULL
);

CREATE TABLE inventory_snapshots (
    grp_id          INTEGER NOT NULL,
    snapshot_dt     DATE NOT NULL,
    location_id     INTEGER NOT NULL,          -- a WAREHOUSE location
    sku_id          INTEGER NOT NULL,
    on_hand_qty     INTEGER NOT NULL,          -- units of the SKU's pack
    committed_qty   INTEGER NOT NULL           -- allocated to open orders and club picks
);
