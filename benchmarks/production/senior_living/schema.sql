-- ============================================================================================
-- senior_living: the operations warehouse of a senior-living operator platform (DuckDB DDL for
-- labelling)
--
-- Company: "Hearthstone Care Cloud" runs census, move-ins and move-outs, care assessments,
-- incident reporting, staff scheduling, sales (leads, tours, referral sources) and resident
-- billing for operators of assisted-living (AL) and memory-care (MC) communities. Every operator
-- is a tenant of one shared analytics warehouse: its communities, apartments (units), residents,
-- stays (one row per resident per unit occupied), care-plan assessments, incidents (falls,
-- medication errors, elopements ...), staff and their shifts (own employees and agency
-- fill-ins), referral sources, leads and tours, and monthly resident invoices, all keyed by
-- operator_id. Other operators (e.g. 'OP-0377', 'OP-0820') share every table.
--
-- Warehouse: open-source Apache Spark 3.5 SQL (date_trunc('MONTH', ...), trunc(d, 'MM'),
-- add_months, months_between, datediff(end, start), date_sub/date_add, count_if, window
-- functions; no QUALIFY: the agent ranks with ROW_NUMBER()/RANK() in a subquery and uses LIMIT;
-- `/` is always fractional division). The agent writes dialect `spark`.
-- Agent: `carebot`, versions 3.0, 3.1 and 3.2, deployed for operator 'OP-0512'
-- ("Maple Grove Senior Living": Oakridge (AL + MC), Lakeside (AL only), Hillcrest (AL + MC),
-- and Riverbend (AL), opened on 15 September 2026).
-- Log window: 2026-11-09 to 2026-11-24. The agent queries a warehouse copy loaded up to
-- 2026-11-08, the day before the window (booked tours and scheduled assessments after that day
-- are already in it). Relative dates are read against the record's timestamp:
--   "last month"                October 2026 (2026-10-01 .. 2026-10-31)
--   "this month" / "mtd"        November 2026, 1st up to today
--   "last quarter" / "Q3"       July - September 2026
--   "this year" / "ytd"         2026-01-01 up to today
--   "last year"                 calendar 2025; "vs last year" = the same period one year back
--   "last 6 months"             the six whole months May - October 2026
--   "last 90 days"              the 90 days before today (current_date - 90 .. yesterday)
--   "rn" / "right now" / "current" as of today (the copy holds everything up to 2026-11-08).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'OP-0512'` on every table of every query (row-level security);
--   * test data: `is_test = false` on residents and leads (training residents and leads keyed
--     while onboarding staff; their stays, assessments, incidents and invoices go with them and
--     are excluded through the resident);
--   * soft deletes: `deleted_at IS NULL` on residents (a merged duplicate: its stays and invoices
--     were moved to the surviving record, so the guard matters where residents are counted or
--     listed), on units (a unit keyed twice) and on leads (a duplicate enquiry).
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * A stay is one resident in one unit from move_in_dt to move_out_dt (NULL = still living
--     there). A resident in a unit on day d: move_in_dt <= d AND (move_out_dt IS NULL OR
--     move_out_dt > d). Moving between units inside Maple Grove ends a stay with
--     move_out_reason 'UNIT_TRANSFER' and starts one with move_in_type 'TRANSFER'.
--   * move-ins = stays with move_in_type = 'NEW', dated by move_in_dt; move-outs = stays with
--     move_out_reason <> 'UNIT_TRANSFER' (any other reason), dated by move_out_dt. Internal
--     transfers are neither.
--   * census = residents living in a community on a day (a count of residents). Occupancy is by
--     UNIT: occupied units / available units, where available = units with status 'ACTIVE' and
--     deleted_at IS NULL (OFFLINE units are under renovation); a companion unit (two residents)
--     is one occupied unit. "occupancy rate" is a fraction (0.87) unless "%" is asked.
--   * care level: L1 .. L4 for AL, MC for memory care. A resident's current care level is the
--     care_level of the latest COMPLETED assessment (assessments.assessed_dt); residents carry
--     no level of their own. Monthly rate = units.base_rent_amt + the care fee of the level
--     (care_fee_amt on that assessment); base_rent_amt of a COMPANION unit is per resident.
--   * length of stay (LOS) of a move-out = days from the resident's first move-in (the 'NEW'
--     stay) to the move-out, internal transfers included: datediff(move_out_dt, first move_in_dt).
--   * age = whole years from birth_dt to today.
--   * assessments: INITIAL (at move-in), QUARTERLY (every 90 days), CHANGE (change of
--     condition). status SCHEDULED (due_dt ahead or passed), COMPLETED (assessed_dt set),
--     CANCELLED. "overdue" = SCHEDULED with due_dt < today.
--   * incidents: status 'OPEN', 'CLOSED' or 'VOID' (reported in error, never counted). A fall
--     is incident_type 'FALL'; "with injury" = injury_level IN ('MINOR', 'MAJOR');
--     hospital transfers = sent_to_hospital = true. Incidents are dated by incident_ts.
--     "fall rate" = falls per 1,000 resident-days when asked; otherwise a count.
--   * staff shifts: status 'WORKED', 'CALLOUT' (called out sick), 'CANCELLED'. Hours = hours of
--     WORKED shifts. Agency hours = WORKED shifts with shifts.is_agency = true: the flag is per
--     shift (staff.employment_type is a person's CURRENT status: some agency aides were later
--     hired). "agency %" = agency hours / all worked hours.
--   * sales: a lead is an enquiry (leads.created_dt) from a referral source; status NEW,
--     TOURED, DEPOSIT, MOVED_IN, LOST. A tour is COMPLETED, NO_SHOW, CANCELLED or SCHEDULED;
--     "tours" means completed tours unless asked otherwise, dated by tour_dt. Lead conversion =
--     leads created in the period that reached MOVED_IN / leads created in the period.
--   * billing: one invoice per resident per service month (bill_month = first of the month),
--     with rent_amt, care_amt, other_amt and total_amt = their sum; status DRAFT, ISSUED, PAID,
--     VOID. revenue = SUM(total_amt) of ISSUED and PAID invoices by bill_month (DRAFT not sent,
--     VOID cancelled and re-issued). Outstanding / AR = SUM(total_amt - paid_amt) of ISSUED
--     invoices; "past due" = ISSUED with due_dt < today and an unpaid balance.
-- ============================================================================================

CREATE TABLE communities (
    community_id   INTEGER,
    operator_id    VARCHAR,
    community_nm   VARCHAR,
    city           VARCHAR,
    has_memory_care BOOLEAN,
    opened_dt      DATE,
    PRIMARY KEY (community_id)
);

CREATE TABLE units (
    unit_id        INTEGER,
    operator_id    VARCHAR,
    community_id   INTEGER,
    unit_no        VARCHAR,
    wing           VARCHAR,      -- 'AL' or 'MC'
    unit_type      VARCHAR,      -- 'STUDIO', 'ONE_BED', 'TWO_BED', 'COMPANION'
    base_rent_amt  DECIMAL(10,2),-- monthly rent for the apartment
    status         VARCHAR,      -- 'ACTIVE', 'OFFLINE'
    deleted_at     TIMESTAMP,
    PRIMARY KEY (unit_id)
);

CREATE TABLE referral_sources (
    source_id      INTEGER,
    operator_id    VARCHAR,
    source_nm      VARCHAR,
    source_type    VARCHAR,      -- 'HOSPITAL', 'PLACEMENT_AGENCY', 'WEBSITE', 'PHYSICIAN', 'FAMILY', 'WALK_IN'
    PRIMARY KEY (source_id)
);

CREATE TABLE residents (
    resident_id    INTEGER,
    operator_id    VARCHAR,
    first_nm       VARCHAR,
    last_nm        VARCHAR,
    birth_dt       DATE,
    gender         VARCHAR,      -- 'F', 'M', NULL
    payer_type     VARCHAR,      -- 'PRIVATE', 'LTC_INSURANCE', 'MEDICAID_WAIVER', 'VA'
    source_id      INTEGER,      -- referral source, NULL when unknown
    is_test        BOOLEAN,
    deleted_at     TIMESTAMP,
    PRIMARY KEY (resident_id)
);

CREATE TABLE stays (
    stay_id        INTEGER,
    operator_id    VARCHAR,
    resident_id    INTEGER,
    unit_id        INTEGER,
    community_id   INTEGER,
    move_in_dt     DATE,
    move_in_type   VARCHAR,      -- 'NEW', 'TRANSFER' (from another Maple Grove unit)
    move_out_dt    DATE,         -- NULL while living there
    move_out_reason VARCHAR,     -- 'DECEASED', 'HIGHER_CARE', 'HOME', 'FINANCIAL', 'OTHER', 'UNIT_TRANSFER', NULL
    PRIMARY KEY (stay_id)
);

CREATE TABLE assessments (
    assessment_id  INTEGER,
    operator_id    VARCHAR,
    resident_id    INTEGER,
    assessment_type VARCHAR,     -- 'INITIAL', 'QUARTERLY', 'CHANGE'
    due_dt         DATE,
    assessed_dt    DATE,         -- NULL unless COMPLETED
    status         VARCHAR,      -- 'SCHEDULED', 'COMPLETED', 'CANCELLED'
    care_level     VARCHAR,      -- 'L1', 'L2', 'L3', 'L4', 'MC'; NULL unless COMPLETED
    care_fee_amt   DECIMAL(10,2),-- monthly care fee of that level
    assessor_staff_id INTEGER,
    PRIMARY KEY (assessment_id)
);

CREATE TABLE incidents (
    incident_id    INTEGER,
    operator_id    VARCHAR,
    community_id   INTEGER,
    resident_id    INTEGER,
    incident_ts    TIMESTAMP,
    incident_type  VARCHAR,      -- 'FALL', 'MED_ERROR', 'ELOPEMENT', 'BEHAVIOR', 'SKIN'
    injury_level   VARCHAR,      -- 'NONE', 'MINOR', 'MAJOR', NULL (not assessed yet)
    sent_to_hospital BOOLEAN,
    witnessed      BOOLEAN,
    status         VARCHAR,      -- 'OPEN', 'CLOSED', 'VOID'
    PRIMARY KEY (incident_id)
);

CREATE TABLE staff (
    staff_id       INTEGER,
    operator_id    VARCHAR,
    community_id   INTEGER,      -- home community
    staff_nm       VARCHAR,
    role_cd        VARCHAR,      -- 'CNA', 'MED_TECH', 'LPN', 'RN', 'COOK', 'HOUSEKEEPER'
    employment_type VARCHAR,     -- current status: 'EMPLOYEE', 'AGENCY'
    hire_dt        DATE,
    term_dt        DATE,
    PRIMARY KEY (staff_id)
);

CREATE TABLE shifts (
    shift_id       INTEGER,
    operator_id    VARCHAR,
    community_id   INTEGER,      -- where the shift was worked
    staff_id       INTEGER,
    shift_dt       DATE,
    shift_cd       VARCHAR,      -- 'DAY', 'EVE', 'NOC'
    hours          DECIMAL(5,2),
    is_agency      BOOLEAN,      -- worked through a staffing agency (per shift)
    status         VARCHAR,      -- 'WORKED', 'CALLOUT', 'CANCELLED'
    PRIMARY KEY (shift_id)
);

CREATE TABLE leads (
    lead_id        INTEGER,
    operator_id    VARCHAR,
    community_id   INTEGER,
    source_id      INTEGER,      -- NULL when unknown
    created_dt     DATE,
    care_need      VARCHAR,      -- 'AL', 'MC'
    status         VARCHAR,      -- 'NEW', 'TOURED', 'DEPOSIT', 'MOVED_IN', 'LOST'
    lost_reason    VARCHAR,
    resident_id    INTEGER,      -- set once MOVED_IN
    is_test        BOOLEAN,
    deleted_at     TIMESTAMP,
    PRIMARY KEY (lead_id)
);

CREATE TABLE tours (
    tour_id        INTEGER,
    operator_id    VARCHAR,
    lead_id        INTEGER,
    community_id   INTEGER,
    tour_dt        DATE,
    tour_type      VARCHAR,      -- 'IN_PERSON', 'VIRTUAL'
    status         VARCHAR,      -- 'COMPLETED', 'NO_SHOW', 'CANCELLED', 'SCHEDULED'
    PRIMARY KEY (tour_id)
);

CREATE TABLE invoices (
    invoice_id     INTEGER,
    operator_id    VARCHAR,
    resident_id    INTEGER,
    community_id   INTEGER,
    bill_month     DATE,         -- first day of the service month
    issued_dt      DATE,
    due_dt         DATE,
    rent_amt       DECIMAL(10,2),
    care_amt       DECIMAL(10,2),
    other_amt      DECIMAL(10,2),
    total_amt      DECIMAL(10,2),
    paid_amt       DECIMAL(10,2),
    status         VARCHAR,      -- 'DRAFT', 'ISSUED', 'PAID', 'VOID'
    PRIMARY KEY (invoice_id)
);
