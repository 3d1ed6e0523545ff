-- ============================================================================================
-- concert_venues: the warehouse of a live-music venue group platform (DuckDB DDL for labelling)
--
-- Company: "StageGrid" sells box-office ticketing, door scanning, bar and merch POS, artist
-- settlement and staff-rota software to independent live-music venue groups. Every venue group is
-- a tenant of one shared Snowflake warehouse (database STAGEGRID, schema MART), every table keyed
-- by grp_id. The deployment here is venue group 'VG-3104', Lantern Live Group: The Lantern Hall
-- (Portland; rooms Main Hall and Loft), Foxglove Theatre (Seattle), The Cellar (Portland), Pier 9
-- Ballroom (Tacoma; Ballroom and Side Room; opened 2026-03-06) and Old Mill Tavern (Olympia),
-- closed at the end of 2025 and soft-deleted with its history kept. Other tenants in the
-- warehouse: 'VG-2207' (Harbor Sound Co.) and 'VG-5150' (Redline Venues).
--
-- Warehouse: Snowflake (DATE_TRUNC('month', d), DATEADD(month, n, d), DATEDIFF(day, a, b),
-- CURRENT_DATE(), COUNT_IF, IFF, DIV0, QUALIFY, ::DATE casts; `/` between integers gives a
-- decimal, as in Snowflake). Flags are CHAR(1) 'Y'/'N' except bar_sales.void_flg (0/1).
-- Amounts: ticket and POS amounts in cents (INTEGER), settlement amounts in dollars (DECIMAL).
-- Agent: `encore-sql`, versions 3.3, 3.4 and 3.5, deployed for venue group 'VG-3104'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse is loaded up to 2026-11-01 (nothing dated
-- after it, except shows on sale for November 2026 to January 2027, with their advance tickets
-- sold before the load). So "last month" is October 2026, "last quarter" July-September 2026,
-- "ytd" / "this year" 2026 from 2026-01-01 to date, "october last year" October 2025, "last 90
-- days" the 90 days back from the day asked, "last 4 weeks" the four whole Monday-to-Sunday weeks
-- before the week asked in, "upcoming" show_dt from today on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'VG-3104'` on every table of every query (row policy; ids are unique
--     across the platform, so a join on ids alone never crosses tenants);
--   * test rows: `test_flg = 'N'` on shows (box-office training shows, artist 'Pale Season') and
--     tickets (training tickets, every ticket of a training show, and tickets printed to test
--     the door scanners, which ARE scanned: scans carry no flag, so attendance leaves them out
--     through tickets);
--   * voids: `void_flg = 0` on bar_sales (receipts rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on venues (the closed Old Mill Tavern: its 2025 history
--     stays in every sum over a period, but it is not one of "our venues" when venues are listed),
--     artists (an artist keyed twice; the duplicate has no shows) and shows (a show keyed twice;
--     the duplicate has no tickets).
--
-- Business conventions of the group (what a careful analyst would apply):
--   * shows: one row per show (one headliner, artist_id; NULL for showcases and open-mic bills
--     with no headliner). status_cd 'ONSALE' (upcoming), 'PLAYED', 'CANCELLED' (cancelled_ts
--     set) or 'RESCHEDULED': the original date of a show moved to a new date; the new date is a
--     new row whose resched_from_id is the original show_id, and the tickets move to it. A show
--     is dated by show_dt. "Shows" in a period = PLAYED shows unless the question says
--     otherwise; "cancellations" in a period are dated by cancelled_ts.
--   * set times: doors_ts when doors open, set_sched_ts the headliner's advertised set time,
--     set_start_ts the actual start (NULL unless PLAYED). "On time" = set_start_ts at most 15
--     minutes after set_sched_ts; "late" = more than 15 minutes after. On-time rate = on-time
--     PLAYED shows / PLAYED shows, as a percentage.
--   * tickets: one row per ticket. tier_cd 'GA', 'EARLY' (early bird), 'VIP', 'BALCONY' or
--     'COMP' (complimentary, face 0; guest-list comps have channel_cd 'GUEST', comps printed at
--     the box office 'BOX'). channel_cd 'BOX' (box office), 'WEB', 'APP', 'RESALE' (the
--     platform's face-value fan-to-fan exchange) or 'GUEST'; "online" = WEB and APP. status_cd
--     'ISSUED', 'REFUNDED' (refund_ts, refund_cents set) or 'VOID' (mis-issued). buyer_id is the
--     fan account (NULL for cash walk-ups and guest list); "fans" / "buyers" = distinct buyer_id.
--   * "tickets sold" = ISSUED tickets, COMP excluded, test excluded, dated by sold_ts.
--     "Comps" = ISSUED COMP tickets, dated by the show.
--   * "ticket revenue" / "gross" / "the door" = SUM(face_cents) / 100 of ISSUED non-comp tickets,
--     dated by the show's show_dt; fee_cents is the booking fee the platform keeps, never venue
--     revenue. Average ticket price = AVG(face_cents) / 100 over tickets sold.
--   * refunds = REFUNDED tickets dated by refund_ts; refund amount = SUM(refund_cents) / 100
--     (a fan's refund is the face value, fees kept; a cancelled show refunds face and fee).
--   * attendance = distinct non-test tickets with an 'ADMIT' scan (comps included; a re-entry
--     is a second ADMIT of the same ticket; 'REJECT' scans are refused entries). No-shows =
--     ISSUED non-test tickets (comps included) of PLAYED shows with no ADMIT scan; no-show rate
--     = no-shows / those tickets, as a percentage. "Attendance vs sold" compares attendance
--     with tickets sold of the same show.
--   * sell-through = tickets sold for the show / the capacity of its room (rooms.room_cap), as
--     a percentage; venues.lic_cap is the building's licensed capacity, not sellable seats.
--   * bar_sales: one row per POS receipt, outlet_cd 'BAR' or 'MERCH'; net_cents after
--     discounts, tips apart (tip_cents go to staff). Bar sales / merch sales = SUM(net_cents) /
--     100 of non-void receipts of that outlet, dated by the show they were rung against (after-
--     midnight receipts belong to the night's show). "Bar spend per head" = bar sales /
--     attendance of the same shows (a ratio of totals).
--   * settlements: one row per act paid for a show (a headliner and sometimes a support act).
--     deal_cd 'GUAR' (flat guarantee), 'DOOR' (door_pct of the gross door) or 'VERSUS' (the
--     greater of the guarantee and door_pct of the door). status_cd 'DRAFT' (not yet agreed)
--     or 'FINAL'. "Artist payouts" = SUM(payout_amt) of FINAL settlements, dated by settled_dt
--     (kill fees paid on cancelled shows included).
--   * promoters: the promoter who booked the show (promoter_type 'HOUSE' for the group's own
--     bookings); an "active" promoter had a show (any status but RESCHEDULED) with show_dt in
--     the last 90 days up to today.
--   * staff_shifts: status_cd 'WORKED', 'NO_SHOW' or 'CALLED_OUT' (called in sick in advance);
--     hours worked = SUM(worked_hrs) of WORKED shifts (sched_hrs is the rota); staff no-shows =
--     NO_SHOW shifts only. Dated by shift_dt; the rota module went live in January 2026, so
--     there are no shifts before 2026.
--   * incidents: one row per security incident logged by the head of security, sev_cd 'LOW',
--     'MED' or 'HIGH', dated by incident_ts.
-- ============================================================================================

CREATE TABLE venues (
    grp_id        VARCHAR NOT NULL,
    venue_id      INTEGER NOT NULL,       -- unique across the platform
    venue_cd      VARCHAR NOT NULL,       -- e.g. 'LNT'
    venue_nm      VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    lic_cap       INTEGER NOT NULL,       -- licensed building capacity (fire code)
    opened_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP               -- closed venue, soft-deleted
);

CREATE TABLE rooms (
    grp_id        VARCHAR NOT NULL,
    room_id       INTEGER NOT NULL,
    venue_id      INTEGER NOT NULL,
    room_nm       VARCHAR NOT NULL,
    room_cap      INTEGER NOT NULL        -- sellable capacity of a show in the room
);

CREATE TABLE artists (
    grp_id        VARCHAR NOT NULL,
    artist_id     INTEGER NOT NULL,
    artist_nm     VARCHAR NOT NULL,
    genre_cd      VARCHAR NOT NULL,       -- 'INDIE', 'ROCK', 'FOLK', 'ELECTRONIC', 'PUNK', 'JAZZ', ...
    home_mkt      VARCHAR,
    deleted_at    TIMESTAMP               -- keyed twice
);

CREATE TABLE promoters (
    grp_id        VARCHAR NOT NULL,
    promoter_id   INTEGER NOT NULL,
    promoter_nm   VARCHAR NOT NULL,
    promoter_type VARCHAR NOT NULL,       -- 'HOUSE', 'EXTERNAL'
    signed_dt     DATE NOT NULL
);

CREATE TABLE shows (
    grp_id          VARCHAR NOT NULL,
    show_id         INTEGER NOT NULL,
    venue_id        INTEGER NOT NULL,
    room_id         INTEGER NOT NULL,
    artist_id       INTEGER,              -- headliner; NULL for showcases / open-mic bills
    promoter_id     INTEGER NOT NULL,
    show_dt         DATE NOT NULL,
    doors_ts        TIMESTAMP NOT NULL,
    set_sched_ts    TIMESTAMP NOT NULL,   -- advertised headline set time
    set_start_ts    TIMESTAMP,            -- actual start; NULL unless PLAYED
    status_cd       VARCHAR NOT NULL,     -- 'ONSALE', 'PLAYED', 'CANCELLED', 'RESCHEDULED'
    cancelled_ts    TIMESTAMP,
    resched_from_id INTEGER,              -- on a new date: the show_id of the original date
    test_flg        CHAR(1) NOT NULL,     -- 'Y' box-office training show
    deleted_at      TIMESTAMP             -- keyed twice
);

CREATE TABLE tickets (
    grp_id        VARCHAR NOT NULL,
    ticket_id     BIGINT NOT NULL,
    show_id       INTEGER NOT NULL,
    tier_cd       VARCHAR NOT NULL,       -- 'GA', 'EARLY', 'VIP', 'BALCONY', 'COMP'
    channel_cd    VARCHAR NOT NULL,       -- 'BOX', 'WEB', 'APP', 'RESALE', 'GUEST'
    buyer_id      INTEGER,                -- fan account; NULL for cash walk-ups and guest list
    face_cents    INTEGER NOT NULL,       -- face value; 0 for comps
    fee_cents     INTEGER NOT NULL,       -- booking fee (platform's)
    sold_ts       TIMESTAMP NOT NULL,
    status_cd     VARCHAR NOT NULL,       -- 'ISSUED', 'REFUNDED', 'VOID'
    refund_ts     TIMESTAMP,
    refund_cents  INTEGER,                -- amount refunded to the fan
    test_flg      CHAR(1) NOT NULL        -- 'Y' training / scanner-test ticket
);

CREATE TABLE scans (
    grp_id        VARCHAR NOT NULL,
    scan_id       BIGINT NOT NULL,
    ticket_id     BIGINT NOT NULL,
    show_id       INTEGER NOT NULL,
    scan_ts       TIMESTAMP NOT NULL,
    gate_cd       VARCHAR NOT NULL,
    result_cd     VARCHAR NOT NULL        -- 'ADMIT' (entry or re-entry), 'REJECT'
);

CREATE TABLE bar_sales (
    grp_id        VARCHAR NOT NULL,
    txn_id        BIGINT NOT NULL,
    show_id       INTEGER NOT NULL,       -- the night's show the receipt was rung against
    venue_id      INTEGER NOT NULL,
    outlet_cd     VARCHAR NOT NULL,       -- 'BAR', 'MERCH'
    sold_ts       TIMESTAMP NOT NULL,
    net_cents     INTEGER NOT NULL,       -- after discounts, tips apart
    tip_cents     INTEGER NOT NULL,
    void_flg      SMALLINT NOT NULL       -- 1 = voided receipt
);

CREATE TABLE settlements (
    grp_id        VARCHAR NOT NULL,
    settle_id     INTEGER NOT NULL,
    show_id       INTEGER NOT NULL,
    artist_id     INTEGER NOT NULL,       -- the act paid (headliner or support)
    deal_cd       VARCHAR NOT NULL,       -- 'GUAR', 'DOOR', 'VERSUS'
    guar_amt      DECIMAL(10,2),          -- NULL on pure door deals
    door_pct      DECIMAL(5,2),           -- NULL on flat guarantees
    gross_door_amt DECIMAL(10,2) NOT NULL,-- the door the settlement was computed on
    payout_amt    DECIMAL(10,2) NOT NULL,
    settled_dt    DATE,                   -- NULL while DRAFT
    status_cd     VARCHAR NOT NULL        -- 'DRAFT', 'FINAL'
);

CREATE TABLE staff_shifts (
    grp_id        VARCHAR NOT NULL,
    shift_id      INTEGER NOT NULL,
    venue_id      INTEGER NOT NULL,
    show_id       INTEGER,
    staff_id      INTEGER NOT NULL,
    role_cd       VARCHAR NOT NULL,       -- 'SECURITY', 'BAR', 'BOX_OFFICE', 'STAGEHAND'
    shift_dt      DATE NOT NULL,
    sched_hrs     DECIMAL(4,1) NOT NULL,  -- rota
    worked_hrs    DECIMAL(4,1) NOT NULL,  -- 0 unless WORKED
    status_cd     VARCHAR NOT NULL,       -- 'WORKED', 'NO_SHOW', 'CALLED_OUT'
    hourly_rate   DECIMAL(6,2) NOT NULL
);

CREATE TABLE incidents (
    grp_id        VARCHAR NOT NULL,
    incident_id   INTEGER NOT NULL,
    venue_id      INTEGER NOT NULL,
    show_id       INTEGER,
    incident_ts   TIMESTAMP NOT NULL,
    type_cd       VARCHAR NOT NULL,       -- 'EJECTION', 'MEDICAL', 'FIGHT', 'THEFT', 'CROWD'
    sev_cd        VARCHAR NOT NULL,       -- 'LOW', 'MED', 'HIGH'
    police_flg    CHAR(1) NOT NULL
);
