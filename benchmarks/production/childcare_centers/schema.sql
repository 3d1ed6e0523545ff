-- ============================================================================================
-- childcare_centers: the warehouse of a childcare-centre management platform (DuckDB DDL for
-- labelling)
--
-- Company: "NestWorks" sells enrollment, waitlist, attendance (kiosk and parent-app check-in /
-- check-out), tuition billing, staff and compliance software to childcare operators. Every
-- operator is a tenant of one shared Databricks lakehouse (Delta tables in the `nest_prod.dw`
-- schema), every table keyed by prov_id. The deployment here is provider 'PV-0388', Little
-- Acorns Early Learning (Ohio): Elm Street (since 2014), Riverside (since 2018), Oakridge (opened
-- on 2026-08-17, its first children moved over from the Elm Street waitlist) and Hillside, closed
-- on 2025-12-19 and soft-deleted with its history kept. Other tenants in the warehouse:
-- 'PV-0152' (Sunny Days Childcare) and 'PV-0511' (Maple Grove Montessori).
--
-- Warehouse: Databricks SQL (date_trunc('MONTH', d), dateadd(MONTH, -1, d), add_months,
-- date_add / date_sub in days, datediff(end, start) in days, timestampdiff(HOUR, a, b),
-- INTERVAL 1 MONTH, current_date(), dayofweek (1 = Sunday), date_format with Java patterns,
-- count_if, iff, QUALIFY, FILTER (WHERE ...); `/` always returns a decimal or double, never an
-- integer). Flags are BOOLEAN (is_test) or 'Y' / 'N' strings (the older billing and room
-- tables). Amounts are US dollars, DECIMAL(10,2).
-- Agent: `tots-insight`, versions 1.1, 1.2 and 1.3, deployed for provider 'PV-0388'.
-- Log window: 2026-11-02 to 2026-11-26. The deployment reads the month-end snapshot loaded on
-- 2026-11-01: nothing is dated after 2026-10-31, except what is scheduled ahead: November
-- invoices (issued on 2026-10-25, billed in advance), enrollments accepted for a later start
-- (December 2026 and January 2027), certificate expiry dates and immunization due dates.
-- So "last month" is October 2026, "last quarter" July-September 2026, "this year" / "ytd"
-- 2026 to date, "last year" 2025, "rn" / "currently" / "right now" the state on the day asked
-- (today = the record's date), "next 60 days" today to today + 60 days inclusive.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `prov_id = 'PV-0388'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * demo rows: `is_test = false` on children, enrollments, attendance and invoices (the two
--     demo children the onboarding team created at Elm Street, with their enrollments,
--     check-ins and invoices). Demo children have no guardians, payments, incidents or
--     immunizations;
--   * voids: `void_flg = 'N'` on invoices (invoices voided and re-issued after a rate or
--     subsidy correction; a void invoice has no payments);
--   * soft deletes: `deleted_at IS NULL` on centers (the closed Hillside centre, nothing there
--     after 2025), children (duplicate child profiles merged into the surviving profile; a
--     merged profile keeps only a stale WAITLIST row), guardians (guardian links removed from a
--     child, e.g. after a custody change) and staff (a staff profile keyed twice, still
--     pointing at a room, with no certificates). These guards matter where that table is the
--     population counted or listed.
--
-- Business conventions of the provider (what a careful analyst would apply):
--   * centers.lic_cap is the centre's state licence (the most children the building may hold);
--     classrooms.lic_cap is the room's licensed capacity. Occupancy = currently enrolled
--     children / SUM(lic_cap) of the centre's ACTIVE classrooms (active_flg = 'Y'), as a
--     percentage; a room is over capacity when its enrolled FTE exceeds its lic_cap.
--     classrooms.ratio_max is the most children per teacher the state allows in that age group.
--     age_grp 'INF' (infants), 'TOD' (toddlers), 'PRE' (preschool, 3s), 'PREK' (pre-K, 4s),
--     'SA' (school-age, before and after school).
--   * enrollments: one row per child per room placement. enr_status 'WAITLIST' (waiting:
--     waitlist_dt set, start_dt NULL, room_id = the room asked for), 'DECLINED' (offer turned
--     down), 'ACTIVE' (placed; start_dt may lie ahead for an accepted offer), 'WITHDRAWN' (left
--     the provider; end_dt = last day, wd_reason 'RELOCATION', 'COST', 'DISSATISFIED', 'AGED_OUT',
--     'OTHER' or NULL when not given) and 'TRANSFERRED' (moved up to another room: the old row
--     ends, a new row starts with xfer_flg = 'Y'; the September move-up is the big one).
--     "Currently enrolled" / "enrolled rn" = enr_status = 'ACTIVE' AND start_dt <= today;
--     children are counted distinct. Enrolled FTE: sched_type 'FT' = 1, 'PT' = days_per_wk / 5.
--     "On the waitlist" = distinct children with a WAITLIST row (a child may wait for two
--     centres). "New enrollments" = placements with xfer_flg = 'N' that have started (ACTIVE,
--     WITHDRAWN or TRANSFERRED, start_dt <= today), dated by start_dt; room move-ups are not
--     new enrollments. "Withdrawals" = WITHDRAWN rows dated by end_dt (transfers are not
--     withdrawals). weekly_rate is the contracted weekly tuition.
--   * attendance: one row per child per scheduled day (PT children only on their days).
--     att_status 'P' present (checked in), 'A' absent without notice (= a no-show), 'E' excused
--     (sick or called ahead), 'C' centre closed (Labor Day, a staff PD day: rows written from
--     the schedule, not attendance). Check-ins = 'P' rows. No-show rate = 'A' / ('P' + 'A' +
--     'E') days, as a percentage; closure days never count. Average daily attendance (ADA) =
--     check-ins / days the centre was open (distinct att_dt with a row other than 'C'). Centres
--     close at 18:00: late_min = minutes picked up after closing (0 = on time, NULL when no
--     check-out was recorded); a late pickup is late_min > 0 and average late minutes are
--     averaged over late pickups only. The ctr_id and room_id on a row are where the child was.
--   * invoices: one per child per month, billed in advance: period_start is the first day of
--     the month billed, issue_dt the 25th of the month before, due_dt the 5th (a new place's
--     first invoice is issued three days before the start and due ten days later; the month is
--     billed in full, with the registration fee). tuition_amt is
--     the gross tuition, subsidy_amt the part a subsidy agency pays (CCAP, county or military),
--     late_fee_amt the late-pickup fees of the previous cycle ($1 a minute), other_fee_amt
--     registration and supply fees; total_amt = the family's share = tuition_amt - subsidy_amt +
--     late_fee_amt + other_fee_amt. Invoices are dated by period_start ("billed in October" =
--     period_start 2026-10-01). "Tuition billed" = SUM(tuition_amt); "revenue" = SUM(tuition_amt
--     + late_fee_amt + other_fee_amt) (the agency's share is revenue too); "late pickup fees" =
--     SUM(late_fee_amt); "subsidy share" = SUM(subsidy_amt) / SUM(tuition_amt). guardian_id is the
--     guardian billed: a "family" is a billed guardian. paid_dt is the day the family share was
--     settled in full (NULL while any of it is open). On-time payment rate = invoices with
--     paid_dt <= due_dt / all invoices of the period, as a percentage (unpaid ones are late).
--     Outstanding balance = total_amt - SETTLED payments on the invoice.
--   * payments: one row per attempt. pmt_status 'SETTLED', 'FAILED' (bounced ACH, declined
--     card; usually retried) or 'REFUNDED' (returned to the family). method 'ACH', 'CARD',
--     'CHECK', 'CASH' or 'AGENCY' (a subsidy agency's monthly remittance: inv_id and guardian_id
--     NULL). Collections = SUM(amt) of SETTLED payments dated by pmt_ts (families pay online at
--     weekends too).
--   * guardians: one row per guardian per child (a parent of two children has two rows with
--     the same guardian_id); primary_flg = 'Y' for the guardian billed.
--   * staff: role 'DIRECTOR', 'LEAD' (lead teacher), 'ASST' (assistant teacher), 'FLOAT'
--     (floater, no room) or 'COOK'. Teachers = LEAD, ASST and FLOAT; the ratio counts the LEAD
--     and ASST teachers assigned to the room (room_id). Active staff = term_dt IS NULL (leavers
--     keep their last room_id). Child-to-teacher ratio of a room = currently enrolled children /
--     active LEAD and ASST teachers assigned to it.
--   * staff_certs: cert_type 'CPR', 'FIRST_AID', 'CDA' (Child Development Associate),
--     'FOOD_HANDLER'. A certificate is valid on a day when exp_dt IS NULL or exp_dt >= that day.
--     "Expiring in the next 60 days" = exp_dt from today to today + 60 days (already expired
--     ones are not "expiring").
--   * incidents: inc_type 'INJURY', 'ILLNESS', 'BEHAVIOR', 'ALLERGY', 'MEDICATION'; severity
--     'MINOR', 'MODERATE', 'SERIOUS'. parent_notified_ts is NULL until a guardian was told.
--     Hours to notify = hours from inc_ts to parent_notified_ts, over notified incidents.
--     Dated by inc_ts.
--   * immunizations: one row per dose given (vaccine_cd 'DTAP', 'MMR', 'VAR', 'HEPB', dose_no,
--     admin_dt) or per exemption (exempt_cd 'MED' or 'REL', admin_dt, dose_no and next_due_dt
--     NULL). next_due_dt on a dose is when the next dose of that series falls due (NULL when the
--     series is complete for the child's age). A child is overdue on a vaccine when the latest
--     record of that vaccine has next_due_dt < today; earlier doses always carry a past
--     next_due_dt.
-- ============================================================================================

CREATE TABLE centers (
    prov_id        VARCHAR NOT NULL,
    ctr_id         INTEGER NOT NULL,      -- unique across the platform
    ctr_cd         VARCHAR NOT NULL,      -- e.g. 'ELM'
    ctr_nm         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    st_cd          VARCHAR NOT NULL,
    lic_cap        INTEGER NOT NULL,      -- state licence: most children the building may hold
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed centre, soft-deleted
);

CREATE TABLE classrooms (
    prov_id        VARCHAR NOT NULL,
    room_id        INTEGER NOT NULL,
    ctr_id         INTEGER NOT NULL,
    room_nm        VARCHAR NOT NULL,
    age_grp        VARCHAR NOT NULL,      -- 'INF', 'TOD', 'PRE', 'PREK', 'SA'
    lic_cap        SMALLINT NOT NULL,     -- room's licensed capacity
    ratio_max      SMALLINT NOT NULL,     -- most children per teacher allowed
    active_flg     VARCHAR NOT NULL       -- 'Y' / 'N' (room closed or not yet open)
);

CREATE TABLE children (
    prov_id        VARCHAR NOT NULL,
    child_id       INTEGER NOT NULL,
    first_nm       VARCHAR NOT NULL,
    last_nm        VARCHAR NOT NULL,
    birth_dt       DATE NOT NULL,
    home_ctr_id    INTEGER,               -- NULL while only waitlisted
    allergy_flg    VARCHAR NOT NULL,      -- 'Y' / 'N': allergy plan on file
    subsidy_prog   VARCHAR,               -- 'CCAP', 'COUNTY', 'MILITARY'; NULL = private pay
    created_ts     TIMESTAMP NOT NULL,
    is_test        BOOLEAN NOT NULL,      -- onboarding demo child
    deleted_at     TIMESTAMP              -- duplicate profile merged
);

CREATE TABLE guardians (
    prov_id        VARCHAR NOT NULL,
    guardian_id    INTEGER NOT NULL,      -- the person; repeated for each of their children
    child_id       INTEGER NOT NULL,
    guardian_nm    VARCHAR NOT NULL,
    relation       VARCHAR NOT NULL,      -- 'MOTHER', 'FATHER', 'GRANDPARENT', 'OTHER'
    primary_flg    VARCHAR NOT NULL,      -- 'Y' = billed guardian of the child
    email          VARCHAR,
    pickup_auth_flg VARCHAR NOT NULL,     -- 'Y' / 'N'
    deleted_at     TIMESTAMP              -- link removed
);

CREATE TABLE enrollments (
    prov_id        VARCHAR NOT NULL,
    enr_id         INTEGER NOT NULL,
    child_id       INTEGER NOT NULL,
    ctr_id         INTEGER NOT NULL,
    room_id        INTEGER NOT NULL,
    enr_status     VARCHAR NOT NULL,      -- 'WAITLIST', 'DECLINED', 'ACTIVE', 'WITHDRAWN', 'TRANSFERRED'
    sched_type     VARCHAR NOT NULL,      -- 'FT', 'PT'
    days_per_wk    SMALLINT NOT NULL,     -- 5 for FT; 2 or 3 for PT
    weekly_rate    DECIMAL(8,2) NOT NULL,
    applied_dt     DATE NOT NULL,
    waitlist_dt    DATE,                  -- set when the child waited for a place
    start_dt       DATE,                  -- NULL while WAITLIST / DECLINED
    end_dt         DATE,                  -- last day (WITHDRAWN, TRANSFERRED)
    wd_reason      VARCHAR,               -- 'RELOCATION', 'COST', 'DISSATISFIED', 'AGED_OUT', 'OTHER'; NULL = not given
    xfer_flg       VARCHAR NOT NULL,      -- 'Y' = created by a move-up from another room
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE attendance (
    prov_id        VARCHAR NOT NULL,
    att_id         BIGINT NOT NULL,
    child_id       INTEGER NOT NULL,
    ctr_id         INTEGER NOT NULL,
    room_id        INTEGER NOT NULL,
    att_dt         DATE NOT NULL,
    att_status     VARCHAR NOT NULL,      -- 'P', 'A' (no-show), 'E' (excused), 'C' (centre closed)
    check_in_ts    TIMESTAMP,
    check_out_ts   TIMESTAMP,             -- NULL when no check-out was recorded
    late_min       SMALLINT,              -- minutes after 18:00 closing; NULL without check-out
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE invoices (
    prov_id        VARCHAR NOT NULL,
    inv_id         BIGINT NOT NULL,
    child_id       INTEGER NOT NULL,
    guardian_id    INTEGER NOT NULL,      -- billed guardian
    ctr_id         INTEGER NOT NULL,
    period_start   DATE NOT NULL,         -- first day of the month billed
    issue_dt       DATE NOT NULL,         -- 25th of the month before
    due_dt         DATE NOT NULL,         -- 5th of the month billed
    tuition_amt    DECIMAL(10,2) NOT NULL,
    subsidy_amt    DECIMAL(10,2) NOT NULL,
    late_fee_amt   DECIMAL(10,2) NOT NULL,
    other_fee_amt  DECIMAL(10,2) NOT NULL,
    total_amt      DECIMAL(10,2) NOT NULL, -- family share
    paid_dt        DATE,                  -- family share settled in full
    void_flg       VARCHAR NOT NULL,      -- 'Y' / 'N'
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE payments (
    prov_id        VARCHAR NOT NULL,
    pmt_id         BIGINT NOT NULL,
    inv_id         BIGINT,                -- NULL for agency remittances
    guardian_id    INTEGER,               -- NULL for agency remittances
    pmt_ts         TIMESTAMP NOT NULL,
    amt            DECIMAL(10,2) NOT NULL,
    method         VARCHAR NOT NULL,      -- 'ACH', 'CARD', 'CHECK', 'CASH', 'AGENCY'
    pmt_status     VARCHAR NOT NULL       -- 'SETTLED', 'FAILED', 'REFUNDED'
);

CREATE TABLE staff (
    prov_id        VARCHAR NOT NULL,
    staff_id       INTEGER NOT NULL,
    ctr_id         INTEGER NOT NULL,
    room_id        INTEGER,               -- assigned room; NULL for directors, floaters, cooks
    staff_nm       VARCHAR NOT NULL,
    role           VARCHAR NOT NULL,      -- 'DIRECTOR', 'LEAD', 'ASST', 'FLOAT', 'COOK'
    emp_type       VARCHAR NOT NULL,      -- 'FT', 'PT'
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE staff_certs (
    prov_id        VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    staff_id       INTEGER NOT NULL,
    cert_type      VARCHAR NOT NULL,      -- 'CPR', 'FIRST_AID', 'CDA', 'FOOD_HANDLER'
    issued_dt      DATE NOT NULL,
    exp_dt         DATE                   -- NULL = does not expire
);

CREATE TABLE incidents (
    prov_id        VARCHAR NOT NULL,
    inc_id         INTEGER NOT NULL,
    child_id       INTEGER NOT NULL,
    ctr_id         INTEGER NOT NULL,
    room_id        INTEGER NOT NULL,
    inc_ts         TIMESTAMP NOT NULL,
    inc_type       VARCHAR NOT NULL,      -- 'INJURY', 'ILLNESS', 'BEHAVIOR', 'ALLERGY', 'MEDICATION'
    severity       VARCHAR NOT NULL,      -- 'MINOR', 'MODERATE', 'SERIOUS'
    parent_notified_ts TIMESTAMP,         -- NULL until a guardian was told
    reported_by    INTEGER,               -- staff_id
    state_rpt_flg  VARCHAR NOT NULL       -- 'Y' = reported to the state licensing office
);

CREATE TABLE immunizations (
    prov_id        VARCHAR NOT NULL,
    imm_id         INTEGER NOT NULL,
    child_id       INTEGER NOT NULL,
    vaccine_cd     VARCHAR NOT NULL,      -- 'DTAP', 'MMR', 'VAR', 'HEPB'
    dose_no        SMALLINT,              -- NULL on exemptions
    admin_dt       DATE,                  -- NULL on exemptions
    next_due_dt    DATE,                  -- next dose due; NULL when complete or exempt
    exempt_cd      VARCHAR                -- 'MED', 'REL'; NULL on doses
);
