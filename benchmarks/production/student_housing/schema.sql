-- ============================================================================================
-- student_housing: the warehouse of a student-housing operator platform (DuckDB DDL for labelling)
--
-- Company: "CampusNest" sells leasing, resident-portal, maintenance and accounting software to
-- operators of purpose-built student housing near campuses. Every operator is a tenant of one
-- shared ClickHouse warehouse (MergeTree tables, loaded nightly), every table keyed by op_id.
-- The deployment here is operator 'SH-0318', Redbrick Student Living: The Quad on Elm and
-- Lakeside Commons near State University, Union Lofts and Maple Row Townhomes near Tech Institute,
-- and Harbor House, sold on 2025-12-19 and soft-deleted with its history kept (its last leases
-- were the 2024-25 academic year). Other tenants in the warehouse: 'SH-0102' (Northgate Housing)
-- and 'SH-0544' (Coastline Campus Living).
--
-- Warehouse: ClickHouse (today(), now(), toStartOfMonth / toStartOfYear / toMonday, toYear,
-- toDate, dateDiff('day' | 'hour' | 'minute', a, b) counting unit boundaries crossed, date +/-
-- INTERVAL n DAY|MONTH, countIf / sumIf / avgIf, uniqExact, if / multiIf, LIMIT n BY, QUALIFY).
-- `/` always returns a Float64 in ClickHouse (intDiv is the integer division). The deployment sets
-- join_use_nulls = 1, so outer joins give NULLs for missing rows, as standard SQL does.
-- Flags are UInt8 0/1 (is_test, void_flg, offline_flg, is_renewal) except intl_flg ('Y'/'N').
-- Money is stored in cents (*_cents, Int64); reports show dollars (cents / 100).
-- Agent: `dorm-sql`, versions 3.7, 3.8 and 3.9, deployed for operator 'SH-0318'.
-- Log window: 2026-11-02 to 2026-11-20. The warehouse extract is loaded up to 2026-11-01: nothing
-- is dated after it except installments scheduled for later in the lease, 2027-28 leases
-- (signed by then, starting in August 2027), lease and permit end dates and scheduled events.
-- So "last month" is October 2026, "this year" / "ytd" 2026 to date, "last 6 months" the six
-- whole months May-October 2026, "last 4 weeks" the four whole weeks (Monday to Sunday) before
-- the current week, "rn" / "right now" / "currently" the state at the last load.
-- Academic years: "this year's leases" / "this ay" / "fall leases" / "current ay" = the 2026-27
-- academic-year leases (acad_yr = '2026-27', term_cd = 'AY'); "last ay" / "last year's leases" =
-- acad_yr '2025-26'; "next year" / "pre-leasing" = acad_yr '2027-28'. Summer leases (term_cd
-- 'SUMMER', 20 May to 5 August) carry the acad_yr of the spring before them (summer 2026 =
-- '2025-26') and are counted by the year of their start_dt. "This fall" / "this semester" =
-- from 2026-08-01 to today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'SH-0318'` on every table of every query (row policy; ids are unique
--     across the platform, so joins need not repeat it, but the agent is told to scope each table);
--   * test rows: `is_test = 0` on residents (the leasing office's 'Training Resident' profile)
--     and leases (that profile's demo leases: an ACTIVE 2026-27 lease on a vacant bed of Union
--     Lofts, paid on time, and a 2027-28 pre-lease). Installments, charges and inspections
--     carry no flag: they are excluded through their lease (leases.is_test = 0); the waitlist
--     and parking permits through residents (the training profile holds no permit);
--   * voids: `void_flg = 0` on charges (ledger charges keyed in error: late fees posted twice, a
--     damage charge on the wrong unit, a concession on the wrong lease);
--   * soft deletes: `deleted_at IS NULL` on properties (Harbor House, sold), residents (merged
--     duplicate profiles; their rows moved to the surviving profile) and work_orders (duplicate
--     tickets keyed twice for one problem). These guards matter where that table is the
--     population counted or listed ("which properties ...", "work orders ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * beds: one row per rentable bed (a 4X4 unit has four beds, four baths; 4X2 four beds, two
--     baths). offline_flg = 1 beds are out of service (renovation, fire damage): they are not
--     capacity. mkt_rent_cents is the current asking rent, not what any lease pays.
--   * leases: one row per resident per bed per term. lease_status 'PENDING' (signed, starts
--     later: the 2027-28 pre-leases), 'ACTIVE' (moved in, running), 'ENDED', 'CANCELLED'
--     (cancelled before the start, nothing owed), 'NO_SHOW' (signed but never moved in: rent is
--     still owed and chased). monthly_rent_cents is the contracted rent of the lease.
--     A bed is occupied rn when it has an ACTIVE lease; occupancy = distinct beds with an ACTIVE
--     lease / beds with offline_flg = 0, as a percentage, per property. A resident moving beds
--     holds two ACTIVE leases until the old one ends (both beds count as occupied).
--     "Current residents" / "living with us" = distinct residents with an ACTIVE lease.
--     "Signed leases" / "this year's leases" = leases of the academic year with any status but
--     CANCELLED (no-shows signed and owe rent). "No-shows" = lease_status 'NO_SHOW'.
--     Pre-leasing = distinct beds with a 2027-28 lease not CANCELLED / capacity beds.
--     A renewal = a current resident (ACTIVE 2026-27 lease) who has signed a 2027-28 lease that
--     is not CANCELLED. is_renewal is the leasing system's flag on any lease of a resident who
--     held an earlier lease (bed transfers and residents returning after a year away included):
--     it is not the renewal definition.
--     guar_type 'PARENT', 'THIRD_PARTY' (a guarantor service), 'INSTITUTIONAL' (a university or
--     sponsor letter) or NULL (no guarantor: shown as 'NONE'). rm_match_src: how roommates were
--     chosen, 'SELF' (requested each other), 'MATCHED' (the roommate-matching questionnaire) or
--     'ASSIGNED' (placed by the office); studios are 'SELF'.
--   * installments: the rent schedule of a lease (academic-year leases pay five installments of
--     two months' rent due 1 Aug, 1 Oct, 1 Dec, 1 Feb, 1 Apr; summer leases two, due 15 May and
--     1 Jul). inst_status 'PAID', 'PARTIAL', 'OPEN' (nothing paid; future installments too) or
--     'WAIVED' (forgiven by the manager: neither billed nor owed). paid_cents and paid_dt are the
--     amount and date of payment (NULL when nothing paid). Rent billed = SUM(amt_cents) of
--     installments not WAIVED by due_dt; rent collected = SUM(paid_cents) by paid_dt (residents
--     often pay days before the due date). An installment is paid on time when inst_status =
--     'PAID' and paid_dt <= due_dt + 5 days (the grace period runs to the 6th); it is late when
--     it is not WAIVED, its grace period is over (due_dt + 5 days < today) and it was not paid on
--     time (paid late, partly paid or unpaid). On-time rate = on-time installments / installments
--     due in the period that are not WAIVED. Outstanding balance = SUM(amt_cents - paid_cents) of
--     OPEN and PARTIAL installments already due (due_dt <= today).
--   * charges: ledger charges on a lease besides rent. chg_type 'LATE_FEE' ($50, posted on the
--     6th day), 'DAMAGE' (from a move-out inspection, insp_id set; an inspection can bring
--     several charges), 'CONCESSION' (a rent credit given, stored as a positive amount, posted
--     at signing; attributed to the lease's academic year) or 'ADMIN_FEE'. Dated by posted_dt.
--   * inspections: insp_type 'MOVE_IN' or 'MOVE_OUT', one per lease moved in / moved out, dated
--     by insp_dt; cond_cd 'GOOD', 'FAIR', 'DAMAGED'. Average damage per move-out = damage charged
--     (non-void DAMAGE charges) / number of MOVE_OUT inspections, clean move-outs counting 0.
--   * work_orders: category 'PLUMBING', 'HVAC', 'ELECTRICAL', 'APPLIANCE', 'PEST', 'LOCKOUT',
--     'COMMON_AREA' (unit_id NULL: hallways, laundry, grounds); priority 'EMERG', 'HIGH',
--     'ROUTINE'; wo_status 'OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'. "Open" work orders =
--     OPEN or IN_PROGRESS. res_id is the resident who asked (NULL: raised by staff). Completion
--     time = completed_ts - opened_ts of COMPLETED orders, in hours. Emergencies must be completed
--     within 24 hours of opened_ts; one still open past 24 hours has missed it. Dated by opened_ts.
--   * waitlist: one row per person, property and academic year; wl_status 'WAITING' (not yet
--     offered a bed), 'OFFERED' (offered_dt set), 'LEASED', 'WITHDRAWN' (offered_dt set only when
--     withdrawn after an offer). A person can wait for two properties at once.
--   * parking_permits: permit_type 'STANDARD', 'RESERVED', 'MOTORCYCLE'; permit_status 'ACTIVE',
--     'EXPIRED', 'REVOKED' (cancelled and refunded). Parking revenue = SUM(fee_cents) of permits
--     not REVOKED, dated by start_dt; lot_cd is the lot.
--   * res_events: resident-life events; event_status 'SCHEDULED', 'HELD', 'CANCELLED';
--     attended_cnt is the door count of HELD events (0 otherwise; it can exceed rsvp_cnt).
-- ============================================================================================

CREATE TABLE properties (
    op_id        VARCHAR NOT NULL,      -- tenant (operator)
    prop_id      INTEGER NOT NULL,      -- unique across the platform
    prop_cd      VARCHAR NOT NULL,      -- e.g. 'QEL'
    prop_nm      VARCHAR NOT NULL,
    campus_nm    VARCHAR NOT NULL,      -- the campus it serves
    city         VARCHAR NOT NULL,
    opened_dt    DATE NOT NULL,
    mgr_nm       VARCHAR,               -- property manager
    deleted_at   TIMESTAMP              -- sold / closed, history kept
);

CREATE TABLE units (
    op_id        VARCHAR NOT NULL,
    unit_id      INTEGER NOT NULL,
    prop_id      INTEGER NOT NULL,
    bldg_cd      VARCHAR NOT NULL,      -- building within the property: 'A', 'B', 'T', ...
    unit_no      VARCHAR NOT NULL,      -- e.g. 'A101'
    floor_no     SMALLINT NOT NULL,
    floorplan_cd VARCHAR NOT NULL,      -- 'STUDIO', '2X2', '4X4', '4X2' (beds x baths)
    bed_cnt      SMALLINT NOT NULL
);

CREATE TABLE beds (
    op_id          VARCHAR NOT NULL,
    bed_id         INTEGER NOT NULL,
    unit_id        INTEGER NOT NULL,
    prop_id        INTEGER NOT NULL,
    bed_lbl        VARCHAR NOT NULL,    -- 'A'..'D' within the unit
    bath_type      VARCHAR NOT NULL,    -- 'PRIVATE', 'SHARED'
    mkt_rent_cents INTEGER NOT NULL,    -- current asking rent per month
    offline_flg    SMALLINT NOT NULL    -- 1: out of service, not capacity
);

CREATE TABLE residents (
    op_id        VARCHAR NOT NULL,
    res_id       INTEGER NOT NULL,
    first_nm     VARCHAR NOT NULL,
    last_nm      VARCHAR NOT NULL,
    email        VARCHAR,
    school_nm    VARCHAR NOT NULL,      -- the university the student attends
    class_yr     VARCHAR NOT NULL,      -- 'FR', 'SO', 'JR', 'SR', 'GRAD'
    intl_flg     VARCHAR NOT NULL,      -- 'Y' international student, 'N'
    created_dt   DATE NOT NULL,         -- profile created (application or waitlist)
    is_test      SMALLINT NOT NULL,     -- 1: leasing-office training profile
    deleted_at   TIMESTAMP              -- merged duplicate
);

CREATE TABLE leases (
    op_id              VARCHAR NOT NULL,
    lease_id           INTEGER NOT NULL,
    res_id             INTEGER NOT NULL,
    bed_id             INTEGER NOT NULL,
    prop_id            INTEGER NOT NULL,
    term_cd            VARCHAR NOT NULL,  -- 'AY' (academic year), 'SUMMER'
    acad_yr            VARCHAR NOT NULL,  -- '2024-25' .. '2027-28'
    signed_dt          DATE NOT NULL,
    start_dt           DATE NOT NULL,
    end_dt             DATE NOT NULL,
    monthly_rent_cents INTEGER NOT NULL,  -- contracted rent
    lease_status       VARCHAR NOT NULL,  -- 'PENDING', 'ACTIVE', 'ENDED', 'CANCELLED', 'NO_SHOW'
    move_in_dt         DATE,              -- NULL until moved in (never for no-shows)
    move_out_dt        DATE,
    guar_type          VARCHAR,           -- 'PARENT', 'THIRD_PARTY', 'INSTITUTIONAL'; NULL none
    rm_match_src       VARCHAR NOT NULL,  -- 'SELF', 'MATCHED', 'ASSIGNED'
    is_renewal         SMALLINT NOT NULL, -- leasing-system flag: resident held an earlier lease
    is_test            SMALLINT NOT NULL
);

CREATE TABLE installments (
    op_id        VARCHAR NOT NULL,
    inst_id      BIGINT NOT NULL,
    lease_id     INTEGER NOT NULL,
    inst_no      SMALLINT NOT NULL,
    due_dt       DATE NOT NULL,
    amt_cents    INTEGER NOT NULL,
    paid_cents   INTEGER NOT NULL,      -- 0 when nothing paid
    paid_dt      DATE,                  -- NULL when nothing paid
    inst_status  VARCHAR NOT NULL       -- 'PAID', 'PARTIAL', 'OPEN', 'WAIVED'
);

CREATE TABLE charges (
    op_id        VARCHAR NOT NULL,
    chg_id       BIGINT NOT NULL,
    lease_id     INTEGER NOT NULL,
    chg_type     VARCHAR NOT NULL,      -- 'LATE_FEE', 'DAMAGE', 'CONCESSION', 'ADMIN_FEE'
    amt_cents    INTEGER NOT NULL,      -- positive; a CONCESSION is a credit of this amount
    posted_dt    DATE NOT NULL,
    insp_id      INTEGER,               -- the move-out inspection behind a DAMAGE charge
    memo         VARCHAR,
    void_flg     SMALLINT NOT NULL      -- 1: keyed in error
);

CREATE TABLE inspections (
    op_id        VARCHAR NOT NULL,
    insp_id      INTEGER NOT NULL,
    lease_id     INTEGER NOT NULL,
    unit_id      INTEGER NOT NULL,
    insp_type    VARCHAR NOT NULL,      -- 'MOVE_IN', 'MOVE_OUT'
    insp_dt      DATE NOT NULL,
    inspector_nm VARCHAR NOT NULL,
    cond_cd      VARCHAR NOT NULL,      -- 'GOOD', 'FAIR', 'DAMAGED'
    photo_cnt    SMALLINT NOT NULL
);

CREATE TABLE work_orders (
    op_id             VARCHAR NOT NULL,
    wo_id             INTEGER NOT NULL,
    prop_id           INTEGER NOT NULL,
    unit_id           INTEGER,          -- NULL for common-area orders
    res_id            INTEGER,          -- requester; NULL when raised by staff
    category          VARCHAR NOT NULL, -- 'PLUMBING', 'HVAC', 'ELECTRICAL', 'APPLIANCE', 'PEST', 'LOCKOUT', 'COMMON_AREA'
    priority          VARCHAR NOT NULL, -- 'EMERG', 'HIGH', 'ROUTINE'
    opened_ts         TIMESTAMP NOT NULL,
    completed_ts      TIMESTAMP,
    wo_status         VARCHAR NOT NULL, -- 'OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'
    vendor_cost_cents INTEGER NOT NULL,
    deleted_at        TIMESTAMP         -- duplicate ticket
);

CREATE TABLE waitlist (
    op_id        VARCHAR NOT NULL,
    wl_id        INTEGER NOT NULL,
    prop_id      INTEGER NOT NULL,
    res_id       INTEGER NOT NULL,
    acad_yr      VARCHAR NOT NULL,
    added_ts     TIMESTAMP NOT NULL,
    wl_status    VARCHAR NOT NULL,      -- 'WAITING', 'OFFERED', 'LEASED', 'WITHDRAWN'
    offered_dt   DATE
);

CREATE TABLE parking_permits (
    op_id         VARCHAR NOT NULL,
    permit_id     INTEGER NOT NULL,
    prop_id       INTEGER NOT NULL,
    res_id        INTEGER NOT NULL,
    lot_cd        VARCHAR NOT NULL,     -- e.g. 'LKC-S1'
    permit_type   VARCHAR NOT NULL,     -- 'STANDARD', 'RESERVED', 'MOTORCYCLE'
    start_dt      DATE NOT NULL,
    end_dt        DATE NOT NULL,
    fee_cents     INTEGER NOT NULL,
    permit_status VARCHAR NOT NULL      -- 'ACTIVE', 'EXPIRED', 'REVOKED'
);

CREATE TABLE res_events (
    op_id        VARCHAR NOT NULL,
    event_id     INTEGER NOT NULL,
    prop_id      INTEGER NOT NULL,
    event_nm     VARCHAR NOT NULL,
    event_type   VARCHAR NOT NULL,      -- 'SOCIAL', 'ACADEMIC', 'WELLNESS', 'FOOD'
    event_dt     DATE NOT NULL,
    rsvp_cnt     INTEGER NOT NULL,
    attended_cnt INTEGER NOT NULL,      -- door count of HELD events
    budget_cents INTEGER NOT NULL,
    event_status VARCHAR NOT NULL       -- 'SCHEDULED', 'HELD', 'CANCELLED'
);
