-- ============================================================================================
-- catering_companies: the warehouse of a catering-business platform (DuckDB DDL for labelling)
--
-- Company: "Platterly" sells booking, quoting, menu, kitchen-production, staffing and payments
-- software to catering companies. Every caterer hosted on it is a tenant of one shared Spark
-- warehouse (Delta tables on the lakehouse), every table keyed by caterer_id. The deployment
-- here is caterer 'CT-3318', Juniper Table Catering, with three production kitchens: Eastside
-- Commissary (11), Harbor Kitchen (12) and Northgate Kitchen (13, opened 2026-03-02). Other
-- tenants in the warehouse: 'CT-1042' (Silver Spoon Events) and 'CT-2207' (Bayleaf Catering Co).
--
-- Warehouse: Spark SQL (current_date(), date_trunc('MONTH', d) returning a timestamp,
-- trunc(d, 'year'), add_months(d, n), date_add(d, n), date_sub(d, n), datediff(end, start) in
-- days, INTERVAL 1 MONTH literals, date_format(d, 'EEEE'), dayofweek (1 = Sunday), count_if,
-- FILTER (WHERE ...), if(), nvl; `/` always returns a double, `div` is integer division).
-- Flags: is_test BOOLEAN; void_flg 'Y'/'N'; onsite_kitchen_yn 'Y'/'N'. Status codes in capitals.
-- Agent: `feast-ai`, versions 4.1, 4.2 and 4.3, deployed for caterer 'CT-3318'.
-- Log window: 2026-11-02 to 2026-11-25. The warehouse is loaded up to 2026-11-01 (the close of
-- October): nothing after it is recorded except events booked ahead (CONFIRMED or TENTATIVE,
-- with their pre-ordered menu lines), tastings SCHEDULED ahead and quotes already sent. So
-- "last month" is October 2026, "this year" / "ytd" 2026-01-01 to today, "last quarter"
-- July-September 2026 (Q3), "last 6 months" the six whole months May-October 2026, "next 14
-- days" today through today + 14 days inclusive.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `caterer_id = 'CT-3318'` on every table of every query (row policy; ids are
--     unique across the platform);
--   * test rows: `is_test = false` on clients (the sales team's 'TEST - Training Client' and
--     'ZZ Demo Corp') and events (training events keyed by new coordinators, some at a real
--     venue, some in November-December). Test events carry order lines and payments with no
--     flag of their own: those are excluded only through events (join events, is_test = false).
--     Tastings carry no flag: test clients' tastings are excluded only through clients;
--   * voids: `void_flg = 'N'` on order_lines (lines keyed twice and re-keyed) and payments
--     (duplicate card captures voided by accounting);
--   * soft deletes: `deleted_at IS NULL` on clients (merged duplicate client records, their
--     events moved to the surviving record), staff (a profile keyed twice, no shifts) and
--     menu_items (items keyed twice, never ordered). These matter where the table is the
--     population counted or listed ("how many clients ...", "headcount ...").
--
-- Business conventions of the caterer (what a careful analyst applies):
--   * events: one row per event. status 'TENTATIVE' (a date held while the quote is open),
--     'LOST' (the quote was declined or expired; never booked), 'CONFIRMED' (booked, upcoming),
--     'COMPLETED' (catered) or 'CANCELLED' (booked, then cancelled: cancel_dt and
--     cancel_reason set). booked_dt is the day the contract was signed: set for CONFIRMED,
--     COMPLETED and CANCELLED, NULL for TENTATIVE and LOST. "Bookings" = events with a
--     booked_dt (CONFIRMED, COMPLETED, CANCELLED), dated by booked_dt when "booked" is asked,
--     else by event_dt. "Events catered" / "events" in a past period = COMPLETED events, dated
--     by event_dt. client_id is NULL on the caterer's own pop-up events (event_type 'POPUP').
--     venue_id is NULL on DROP_OFF service (delivered to the client's address).
--   * guests: guest_cnt is the estimate given at booking; final_guest_cnt is the final count
--     the client guaranteed a week before (billed; set on COMPLETED events, NULL before).
--     "Guest count" / "guests" / "headcount of an event" = final_guest_cnt.
--   * cancellation rate = CANCELLED / bookings (CONFIRMED + COMPLETED + CANCELLED) of events
--     dated in the period (TENTATIVE holds and LOST quotes are not bookings), as a percentage.
--     A late cancellation = cancelled 7 days or fewer before the event:
--     datediff(event_dt, cancel_dt) <= 7, counted by event_dt.
--   * lead time = days from booked_dt to event_dt of COMPLETED events.
--   * revenue = SUM(qty * unit_price) of non-void order_lines of COMPLETED, non-test events,
--     dated by the event's event_dt (lines pre-ordered for CONFIRMED events and lines of
--     CANCELLED events are not revenue). Price per head = revenue / SUM(final_guest_cnt) over
--     the same events (a weighted figure, not the average of per-event ratios).
--   * menu_items: course 'APP', 'MAIN', 'SIDE', 'DESSERT', 'BEV'; diet_cd is the item's one
--     dietary tag: 'VEGAN', 'VEG' (vegetarian, not vegan), 'GF' (gluten-free), 'HALAL' or NULL.
--     "Items ordered" / "dishes ordered" = SUM(qty) of non-void lines (a line is one menu item
--     for one event), of COMPLETED events unless upcoming orders are asked.
--   * payments: pmt_type 'DEPOSIT', 'BALANCE' or 'REFUND'; amt_cents is in cents, always
--     positive (a REFUND is money paid back); status 'SETTLED', 'FAILED' or 'PENDING'. Money
--     "collected" / "received" = SETTLED, non-void payments, dated by pmt_ts; refunds = SETTLED
--     non-void REFUND payments, by pmt_ts. Answers in dollars (amt_cents / 100).
--     The balance is due on balance_due_dt (event_dt - 7); a BALANCE payment is "on time" when
--     the day it settled (CAST(pmt_ts AS DATE)) is on or before balance_due_dt. A completed
--     event with "no balance payment" has no SETTLED non-void BALANCE payment (failed card
--     attempts do not count).
--   * quotes: one row per quote version; status 'DRAFT' (never sent), 'SENT' (open),
--     'REVISED' (superseded by a later version), 'ACCEPTED', 'DECLINED' or 'EXPIRED'. Quote
--     acceptance rate = ACCEPTED / (ACCEPTED + DECLINED + EXPIRED) quotes, by quote_dt.
--   * staff: role 'CHEF', 'SOUS_CHEF', 'SERVER', 'CAPTAIN' (lead server), 'BARTENDER' or
--     'DRIVER'. "Chefs" = CHEF and SOUS_CHEF (the kitchen brigade); "servers" = SERVER.
--     home_kitchen_id is where they are based; term_dt set for leavers. Headcount = staff
--     with term_dt IS NULL (and not deleted).
--   * shifts: one row per person per event day (a wedding's or a large event's lead chef also
--     has a prep shift the day before, on the same event_id); status 'WORKED', 'NO_SHOW' or 'CALLED_OFF'
--     (called off in advance, not a no-show). worked_hrs is set on WORKED shifts only. Staff
--     work events of other kitchens: a shift belongs to its event's kitchen. Hours = SUM(
--     worked_hrs) of WORKED shifts; labour cost = SUM(worked_hrs * hourly_rate), by shift_dt
--     and by the event's kitchen. Staff no-shows = NO_SHOW shifts.
--   * rentals: equipment rented from vendors for an event; rental_status 'BOOKED',
--     'DELIVERED', 'RETURNED' or 'CANCELLED' (the order was cancelled with the event: not a
--     cost). Rental cost = SUM(cost_amt) of rentals not CANCELLED, by delivery_dt;
--     damage_fee_amt (NULL when none) is apart.
--   * tastings: menu tastings for prospective and booked clients at a kitchen; status
--     'SCHEDULED', 'HELD', 'NO_SHOW' or 'CANCELLED'. Tasting no-show rate = NO_SHOW / (HELD +
--     NO_SHOW), by tasting_dt, as a percentage.
--   * clients: client_type 'CORPORATE', 'INDIVIDUAL', 'NONPROFIT' or 'AGENCY' (planners).
--     "Clients" = non-test, non-deleted clients.
-- ============================================================================================

CREATE TABLE kitchens (
    caterer_id        VARCHAR NOT NULL,
    kitchen_id        INTEGER NOT NULL,      -- unique across the platform
    kitchen_nm        VARCHAR NOT NULL,
    city              VARCHAR NOT NULL,
    opened_dt         DATE NOT NULL
);

CREATE TABLE clients (
    caterer_id        VARCHAR NOT NULL,
    client_id         INTEGER NOT NULL,
    client_nm         VARCHAR NOT NULL,
    client_type       VARCHAR NOT NULL,      -- 'CORPORATE', 'INDIVIDUAL', 'NONPROFIT', 'AGENCY'
    city              VARCHAR,
    created_dt        DATE NOT NULL,
    is_test           BOOLEAN NOT NULL,
    deleted_at        TIMESTAMP              -- merged duplicate
);

CREATE TABLE venues (
    caterer_id        VARCHAR NOT NULL,
    venue_id          INTEGER NOT NULL,
    venue_nm          VARCHAR NOT NULL,
    venue_type        VARCHAR NOT NULL,      -- 'BANQUET_HALL', 'HOTEL', 'OUTDOOR', 'WINERY', 'MUSEUM', 'OFFICE'
    city              VARCHAR NOT NULL,
    capacity          INTEGER,
    onsite_kitchen_yn VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE events (
    caterer_id        VARCHAR NOT NULL,
    event_id          INTEGER NOT NULL,
    client_id         INTEGER,               -- NULL on the caterer's own POPUP events
    venue_id          INTEGER,               -- NULL on DROP_OFF service
    kitchen_id        INTEGER NOT NULL,      -- the kitchen producing the food
    event_nm          VARCHAR NOT NULL,
    event_type        VARCHAR NOT NULL,      -- 'WEDDING', 'CORPORATE', 'SOCIAL', 'NONPROFIT', 'POPUP'
    svc_style         VARCHAR NOT NULL,      -- 'PLATED', 'BUFFET', 'FAMILY', 'STATIONS', 'DROP_OFF'
    event_dt          DATE NOT NULL,
    booked_dt         DATE,                  -- contract signed; NULL for TENTATIVE and LOST
    guest_cnt         INTEGER NOT NULL,      -- estimate at booking
    final_guest_cnt   INTEGER,               -- guaranteed count, billed; set on COMPLETED
    status            VARCHAR NOT NULL,      -- 'TENTATIVE', 'LOST', 'CONFIRMED', 'COMPLETED', 'CANCELLED'
    cancel_dt         DATE,
    cancel_reason     VARCHAR,               -- 'BUDGET', 'DATE_CHANGE', 'VENUE', 'WEATHER', 'OTHER'
    balance_due_dt    DATE,                  -- event_dt - 7 on bookings
    is_test           BOOLEAN NOT NULL
);

CREATE TABLE quotes (
    caterer_id        VARCHAR NOT NULL,
    quote_id          INTEGER NOT NULL,
    event_id          INTEGER NOT NULL,
    version_no        INTEGER NOT NULL,
    quote_dt          DATE NOT NULL,
    per_head_price    DECIMAL(8,2) NOT NULL,
    total_amt         DECIMAL(10,2) NOT NULL,
    status            VARCHAR NOT NULL       -- 'DRAFT', 'SENT', 'REVISED', 'ACCEPTED', 'DECLINED', 'EXPIRED'
);

CREATE TABLE menu_items (
    caterer_id        VARCHAR NOT NULL,
    menu_item_id      INTEGER NOT NULL,
    item_nm           VARCHAR NOT NULL,
    course            VARCHAR NOT NULL,      -- 'APP', 'MAIN', 'SIDE', 'DESSERT', 'BEV'
    diet_cd           VARCHAR,               -- 'VEGAN', 'VEG', 'GF', 'HALAL'; NULL when none
    list_price        DECIMAL(8,2) NOT NULL, -- per serving
    deleted_at        TIMESTAMP              -- keyed twice
);

CREATE TABLE order_lines (
    caterer_id        VARCHAR NOT NULL,
    line_id           BIGINT NOT NULL,
    event_id          INTEGER NOT NULL,
    menu_item_id      INTEGER NOT NULL,
    qty               INTEGER NOT NULL,      -- servings
    unit_price        DECIMAL(8,2) NOT NULL, -- per serving, as contracted
    void_flg          VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE payments (
    caterer_id        VARCHAR NOT NULL,
    pmt_id            BIGINT NOT NULL,
    event_id          INTEGER NOT NULL,
    pmt_type          VARCHAR NOT NULL,      -- 'DEPOSIT', 'BALANCE', 'REFUND'
    amt_cents         BIGINT NOT NULL,       -- positive; a REFUND is paid back
    pmt_ts            TIMESTAMP NOT NULL,
    method_cd         VARCHAR NOT NULL,      -- 'CARD', 'ACH', 'CHECK'
    status            VARCHAR NOT NULL,      -- 'SETTLED', 'FAILED', 'PENDING'
    void_flg          VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE staff (
    caterer_id        VARCHAR NOT NULL,
    staff_id          INTEGER NOT NULL,
    staff_nm          VARCHAR NOT NULL,
    role              VARCHAR NOT NULL,      -- 'CHEF', 'SOUS_CHEF', 'SERVER', 'CAPTAIN', 'BARTENDER', 'DRIVER'
    home_kitchen_id   INTEGER NOT NULL,
    hourly_rate       DECIMAL(6,2) NOT NULL,
    hired_dt          DATE NOT NULL,
    term_dt           DATE,                  -- leavers
    deleted_at        TIMESTAMP              -- profile keyed twice
);

CREATE TABLE shifts (
    caterer_id        VARCHAR NOT NULL,
    shift_id          BIGINT NOT NULL,
    staff_id          INTEGER NOT NULL,
    event_id          INTEGER NOT NULL,
    shift_dt          DATE NOT NULL,
    sched_hrs         DECIMAL(4,1) NOT NULL,
    worked_hrs        DECIMAL(4,1),          -- WORKED shifts only
    status            VARCHAR NOT NULL       -- 'WORKED', 'NO_SHOW', 'CALLED_OFF'
);

CREATE TABLE rentals (
    caterer_id        VARCHAR NOT NULL,
    rental_id         INTEGER NOT NULL,
    event_id          INTEGER NOT NULL,
    vendor_nm         VARCHAR NOT NULL,
    item_cat          VARCHAR NOT NULL,      -- 'LINENS', 'TABLES', 'CHAIRS', 'TENT', 'GLASSWARE', 'HEATERS'
    qty               INTEGER NOT NULL,
    cost_amt          DECIMAL(10,2) NOT NULL,
    damage_fee_amt    DECIMAL(10,2),         -- NULL when none
    delivery_dt       DATE NOT NULL,
    returned_dt       DATE,
    rental_status     VARCHAR NOT NULL       -- 'BOOKED', 'DELIVERED', 'RETURNED', 'CANCELLED'
);

CREATE TABLE tastings (
    caterer_id        VARCHAR NOT NULL,
    tasting_id        INTEGER NOT NULL,
    client_id         INTEGER NOT NULL,
    kitchen_id        INTEGER NOT NULL,
    event_id          INTEGER,               -- the event it is for, when one exists
    tasting_dt        DATE NOT NULL,
    party_size        INTEGER NOT NULL,
    status            VARCHAR NOT NULL       -- 'SCHEDULED', 'HELD', 'NO_SHOW', 'CANCELLED'
);
