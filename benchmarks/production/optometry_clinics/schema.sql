-- ============================================================================================
-- optometry_clinics: the warehouse of an optometry-practice platform (DuckDB DDL for labelling)
--
-- Company: "OptiCore" sells practice-management, optical point-of-sale, lab-ordering and
-- vision-insurance billing software to optometry groups. Every group is a tenant of one shared
-- MySQL 8 warehouse, all tables keyed by grp_id. The deployment here is group 'OG-2741',
-- Lakeshore Vision Partners: Downtown (loc 11), Northgate (12), Westfield (13), Harbor Point
-- (14, opened 2026-03-02) and Elm Street (15), closed at the end of 2025 and soft-deleted with
-- its history kept. Other tenants in the warehouse: 'OG-1108' (Prairie Eye Associates) and
-- 'OG-3390' (Coastal Optical Group). Ids are unique across the platform.
--
-- Warehouse: MySQL 8 (CURDATE(), NOW(), DATE_SUB / DATE_ADD with INTERVAL n MONTH, DATEDIFF(a, b)
-- in days, TIMESTAMPDIFF, DATE_FORMAT, YEAR(), window functions and CTEs, no QUALIFY, no FILTER;
-- `/` is decimal division, DIV integer division). Flags are TINYINT 0/1 except the 'Y'/'N'
-- flags of providers, exams and frames. Money is stored in cents (BIGINT); answers show dollars.
-- The agent writes dialect `mysql`.
-- Agent: `iris-sql`, versions 1.4, 1.5 and 1.6, deployed for group 'OG-2741'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse is loaded up to 2026-11-01 (nothing dated
-- after it except SCHEDULED appointments booked ahead, recalls due ahead, lab promised dates
-- and prescription expiry dates). So "last month" is October 2026, "this year" / "ytd" 2026 to
-- date, "last year" 2025, "last quarter" Q3 2026 (July-September), "last 6 months" the six whole
-- months May-October 2026, "last 24 months" / "2 years" the rolling 24 months back from today,
-- "next 30 days" today to today + 30 days inclusive, "upcoming" after now.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'OG-2741'` on every table of every query (row policy);
--   * test rows: `is_test = 0` on patients (front-desk training patients 'Test, Training' and
--     'Zztest, Demo'), appointments and orders (both flagged for the training patients and for
--     the optical lab's test jobs). Training patients have no exams, prescriptions or claims;
--   * soft delete: `deleted_at IS NULL` on locations (closed Elm Street), providers (a record
--     keyed twice, a departed optician) and patients (merged duplicate charts);
--   * void: `void_flg = 0` on exams (exams keyed in error) and claims (claims voided and
--     re-billed). Everything else is read as it is.
--
-- Business definitions (the practice's own):
--   * exam = a non-void row of exams; "comprehensive exams" exam_type = 'COMPREHENSIVE',
--     "contact lens fittings" exam_type = 'CL_FITTING'; community SCREENING exams have no
--     patient (pat_id NULL) and no appointment. Exams are dated by exam_dt.
--   * active patient = a (non-test, non-deleted) patient with an exam in the rolling 24 months
--     back from today; lapsed = examined before but not in the last 24 months.
--   * new patient in a month = a patient whose first ever exam falls in that month
--     (patients.created_dt is when the chart was opened, often at first booking or import).
--   * no-show = appointments.status = 'NO_SHOW'; no-show rate = NO_SHOW / (COMPLETED +
--     NO_SHOW) of appointments by appt_ts, as a percentage; CANCELLED and SCHEDULED left out.
--   * optical revenue ("revenue", "sales" of the optical) = SUM(total_cents) / 100 of orders
--     with status 'DISPENSED', dated by dispensed_ts; CANCELLED, REMADE (replaced by a new
--     order) and still-open orders are not revenue. Exam revenue = SUM(fee_cents) / 100 of
--     exams. Order value / average order = total_cents of non-cancelled orders by ord_ts.
--   * insurance share of revenue = SUM(ins_paid_cents) / SUM(total_cents) of revenue orders.
--   * lab on time = a RECEIVED lab job whose DATE(received_ts) <= promised_dt; on-time rate =
--     on-time / RECEIVED jobs; a REDO job is one the lab had to remake (redo rate = REDO / all
--     non-cancelled jobs); jobs still out have job_status 'SENT'.
--   * claims: billed_cents, paid_cents (0 on DENIED); a claim is decided when PAID, PARTIAL or
--     DENIED; denial rate = DENIED / decided; pending = SUBMITTED. Dated by svc_dt unless asked
--     "paid in ..." (paid_dt).
--   * recall conversion = recalls sent (sent_ts not NULL) whose booked_appt_id is not NULL /
--     recalls sent, by sent_ts.
--   * inventory value at cost = SUM(qty_on_hand * wholesale_cents) / 100 of every frame on hand
--     (discontinued frames are still on the shelf); below reorder point = qty_on_hand <
--     reorder_pt on frames not discontinued.
--   * units sold (frames) = frames on DISPENSED orders, by dispensed_ts.
--   * "seen" = examined (a non-void exam); "upcoming" appointment = SCHEDULED with appt_ts from
--     today on; "per optometrist" lists the current ODs (prov_type 'OD', active_flg 'Y', not
--     deleted), those with nothing at 0 (Dr. Nora Quinn joined Northgate on 2026-10-19).
-- ============================================================================================

CREATE TABLE locations (
    grp_id      VARCHAR NOT NULL,
    loc_id      INTEGER NOT NULL,       -- unique platform-wide
    loc_cd      VARCHAR,                -- short code, 'DTN'
    loc_nm      VARCHAR,
    city        VARCHAR,
    state_cd    VARCHAR,
    opened_dt   DATE,
    deleted_at  TIMESTAMP               -- closed location (Elm Street)
);

CREATE TABLE providers (
    grp_id      VARCHAR NOT NULL,
    prov_id     INTEGER NOT NULL,
    prov_nm     VARCHAR,
    prov_type   VARCHAR,                -- 'OD' optometrist, 'OPTICIAN', 'TECH'
    home_loc_id INTEGER,
    hire_dt     DATE,
    active_flg  VARCHAR,                -- 'Y' / 'N' (left the group)
    deleted_at  TIMESTAMP               -- record keyed twice / removed
);

CREATE TABLE vision_plans (
    grp_id      VARCHAR NOT NULL,
    plan_id     INTEGER NOT NULL,
    payer_nm    VARCHAR,                -- 'VSP', 'EyeMed', 'Davis Vision', 'Spectera', 'Medicare'
    plan_nm     VARCHAR,
    plan_type   VARCHAR                 -- 'VISION' or 'MEDICAL'
);

CREATE TABLE patients (
    grp_id      VARCHAR NOT NULL,
    pat_id      INTEGER NOT NULL,
    hh_id       INTEGER,                -- household (guarantor's family); NULL when not linked
    last_nm     VARCHAR,
    first_nm    VARCHAR,
    birth_dt    DATE,
    sex_cd      VARCHAR,                -- 'F', 'M', 'U'
    home_loc_id INTEGER,
    plan_id     INTEGER,                -- primary vision plan, NULL = self-pay
    created_dt  DATE,                   -- chart opened
    is_test     TINYINT,                -- front-desk training patients
    deleted_at  TIMESTAMP               -- merged duplicate charts
);

CREATE TABLE appointments (
    grp_id      VARCHAR NOT NULL,
    appt_id     INTEGER NOT NULL,
    pat_id      INTEGER,
    loc_id      INTEGER,
    prov_id     INTEGER,
    appt_ts     TIMESTAMP,
    appt_type   VARCHAR,                -- 'COMP_EXAM', 'CL_FIT', 'MED_VISIT', 'FOLLOW_UP', 'PICKUP'
    status      VARCHAR,                -- 'SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
    booked_ts   TIMESTAMP,
    cancel_ts   TIMESTAMP,
    is_test     TINYINT
);

CREATE TABLE exams (
    grp_id      VARCHAR NOT NULL,
    exam_id     INTEGER NOT NULL,
    appt_id     INTEGER,                -- NULL for community screenings
    pat_id      INTEGER,                -- NULL for community screenings
    loc_id      INTEGER,
    prov_id     INTEGER,                -- the optometrist
    exam_dt     DATE,
    exam_type   VARCHAR,                -- 'COMPREHENSIVE', 'CL_FITTING', 'MEDICAL', 'SCREENING'
    dilated_flg VARCHAR,                -- 'Y' / 'N'
    iop_od      INTEGER,                -- intraocular pressure, mmHg
    iop_os      INTEGER,
    fee_cents   BIGINT,
    void_flg    TINYINT                 -- keyed in error
);

CREATE TABLE prescriptions (
    grp_id      VARCHAR NOT NULL,
    rx_id       INTEGER NOT NULL,
    exam_id     INTEGER,
    pat_id      INTEGER,
    prov_id     INTEGER,
    rx_type     VARCHAR,                -- 'GLASSES', 'CONTACTS'
    issued_dt   DATE,
    expires_dt  DATE,
    sph_od      DECIMAL(5,2),
    sph_os      DECIMAL(5,2),
    cyl_od      DECIMAL(5,2),
    add_pwr     DECIMAL(4,2)            -- NULL when no reading add
);

CREATE TABLE frames (
    grp_id          VARCHAR NOT NULL,
    frame_id        INTEGER NOT NULL,
    loc_id          INTEGER,
    brand_nm        VARCHAR,
    model_nm        VARCHAR,
    sku             VARCHAR,
    wholesale_cents BIGINT,
    retail_cents    BIGINT,
    qty_on_hand     INTEGER,
    reorder_pt      INTEGER,
    discontinued_flg VARCHAR            -- 'Y' / 'N'
);

CREATE TABLE orders (
    grp_id          VARCHAR NOT NULL,
    ord_id          INTEGER NOT NULL,
    pat_id          INTEGER,
    rx_id           INTEGER,            -- NULL for plano sunglasses
    loc_id          INTEGER,
    optician_id     INTEGER,            -- providers.prov_id of the optician who sold it
    ord_ts          TIMESTAMP,
    ord_type        VARCHAR,            -- 'EYEGLASSES', 'CONTACTS', 'SUNGLASSES'
    frame_id        INTEGER,            -- NULL for contacts
    status          VARCHAR,            -- 'OPEN', 'IN_LAB', 'READY', 'DISPENSED', 'CANCELLED', 'REMADE'
    total_cents     BIGINT,
    ins_paid_cents  BIGINT,
    pat_paid_cents  BIGINT,
    dispensed_ts    TIMESTAMP,
    is_test         TINYINT
);

CREATE TABLE lab_jobs (
    grp_id      VARCHAR NOT NULL,
    job_id      INTEGER NOT NULL,
    ord_id      INTEGER,
    lab_nm      VARCHAR,                -- 'Essilor Dallas', 'Hoya Chicago', 'Zeiss Local', ...
    sent_ts     TIMESTAMP,
    promised_dt DATE,
    received_ts TIMESTAMP,
    job_status  VARCHAR,                -- 'SENT', 'RECEIVED', 'REDO', 'CANCELLED'
    redo_reason VARCHAR                 -- on REDO jobs: 'LAB_ERROR', 'RX_CHANGE', 'BREAKAGE'
);

CREATE TABLE claims (
    grp_id       VARCHAR NOT NULL,
    claim_id     INTEGER NOT NULL,
    pat_id       INTEGER,
    plan_id      INTEGER,
    exam_id      INTEGER,               -- NULL on material (order) claims
    ord_id       INTEGER,               -- NULL on exam claims
    svc_dt       DATE,
    submitted_dt DATE,
    billed_cents BIGINT,
    paid_cents   BIGINT,                -- 0 on DENIED, NULL while SUBMITTED
    claim_status VARCHAR,               -- 'SUBMITTED', 'PAID', 'PARTIAL', 'DENIED'
    paid_dt      DATE,
    denial_cd    VARCHAR,
    void_flg     TINYINT
);

CREATE TABLE recalls (
    grp_id         VARCHAR NOT NULL,
    recall_id      INTEGER NOT NULL,
    pat_id         INTEGER,
    recall_type    VARCHAR,             -- 'ANNUAL_EXAM', 'CL_RECHECK', 'MED_FOLLOWUP'
    due_dt         DATE,
    sent_ts        TIMESTAMP,           -- NULL while not yet sent
    channel        VARCHAR,             -- 'SMS', 'EMAIL', 'MAIL'
    booked_appt_id INTEGER              -- appointment booked from the reminder
);
