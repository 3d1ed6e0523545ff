-- ============================================================================================
-- vet_clinics: a veterinary practice-management platform's warehouse, DuckDB DDL for labelling
--
-- Company: "PawLedger" runs a cloud practice-management system for veterinary groups. Every
-- group's clinics, vets and staff, clients (pet owners) and their pets (patients), appointments,
-- visits with diagnoses, prescriptions, vaccinations and reminder sends, invoices with line items
-- and payments, wellness-plan memberships and drug stock movements sit in one shared warehouse
-- keyed by grp_id. Groups get a text-to-SQL assistant in the platform's "Insights" tab.
--
-- Warehouse: Apache Spark 3.5 SQL (sqlglot dialect `spark`): date_trunc('MONTH', ts),
-- add_months, last_day, datediff(end, start), months_between, year()/month()/dayofweek(),
-- count_if / SUM(CASE ...), percentile_approx / median; no QUALIFY (top-per-group goes through a
-- window in a subquery); `/` always divides as a double. All timestamps are UTC.
-- Agent: `vetsight`, versions 1.7, 1.8 and 1.9, deployed for group 'VG-0412' ("Meadowbrook
-- Veterinary Partners", five clinics); the Insights tab shows at most 500 rows.
-- Log window: 2026-11-02 to 2026-11-27 (1.7 answered Nov 2-9, 1.8 Nov 10-18, 1.9 Nov 19-27).
-- So "last month" is October 2026, "this month" November 2026 to date, "this quarter" Q4 2026
-- to date, "last quarter" / "Q3" Q3 2026, "this year" / "ytd" 2026 to date, "last year" 2025,
-- "in March" / "in sept" that month of 2026. The warehouse Insights reads is the month-end
-- snapshot: during the log window it holds every row up to 2026-11-01 (the October close was
-- loaded on the night of Nov 1), nothing later, except appointments booked ahead, which carry
-- appt_status 'BOOKED' and a future sched_start_ts.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `grp_id = 'VG-0412'` on every table that carries it (every table but
--     invoice_lines, reached through its invoice, and the global drugs catalogue);
--   * test data: front-desk training clients (and everything copied from them) carry
--     `is_test = true`; `is_test = false` on every table that carries the flag (clients,
--     patients, appointments, visits, prescriptions, vaccinations, reminder_sends, invoices,
--     payments, wellness_memberships);
--   * soft deletes: `deleted_at IS NULL` on clients and patients (merged duplicates, records
--     entered in error). A deceased pet is NOT deleted: it has deceased_dt set.
--
-- Business conventions (what Meadowbrook's practice managers mean):
--   * client = the pet owner (clients); patient = pet = an animal (patients). "pets" counts
--     living pets (deceased_dt IS NULL) unless the question is about a past period's visits.
--   * vet = staff with role_cd = 'DVM' (veterinarians); 'RVT' are technicians, 'CSR' front desk,
--     'PM' practice managers. A visit is credited to its vet (visits.dvm_id).
--   * visit = a row of visits (a patient seen: completed appointments and walk-ins, which have
--     no appointment, appt_id NULL), dated by visit_dt. "seen" = had a visit.
--   * active client = a client with at least one visit of one of their pets in the last 18
--     months (visit_dt >= the date 18 months before today); the 18-month rule is the AAHA
--     convention the group reports on.
--   * appointments are dated by sched_start_ts (when the pet is due in) unless the question
--     is about booking ("booked online", "lead time": booked_ts). appt_status: 'BOOKED'
--     (future), 'COMPLETED', 'NO_SHOW', 'CANCELLED' (cancel_ts set). booking_src_cd: 'ONLINE',
--     'PHONE', 'WALKIN_CONV' (a walk-in converted to an appointment), 'APP'. Share of
--     appointments booked online = 'ONLINE' over all appointments booked in the period (any
--     status); the mobile app 'APP' is not "online" booking in Meadowbrook's reports.
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW) over appointments scheduled in the period;
--     cancelled appointments were released in advance and never count, booked ones are future.
--   * appt_type_cd: 'WELL' (wellness exam), 'SICK', 'SURG' (surgery), 'DENT' (dental), 'VAX'
--     (vaccine-only), 'RECHK' (recheck). "surgeries" = completed 'SURG' appointments.
--   * revenue = SUM(invoices.net_amt) (after discounts, before tax) over inv_status = 'POSTED'
--     invoices ('DRAFT' not yet posted, 'VOID' cancelled), dated by inv_dt. gross_amt = net_amt
--     + tax_amt is what the client owes. Line revenue (a category's revenue) = SUM(line_amt) of
--     posted invoices' lines; line_amt is after the line's discount.
--   * outstanding balance = SUM(gross_amt) of posted invoices - SUM(pmt_amt) of their payments
--     (refunds carry a negative pmt_amt and is_refund = true and are netted in).
--   * payments are dated by pmt_dt; "payments" on their own leave refunds out (is_refund).
--   * drugs.ctrl_sched: DEA schedule 'II' .. 'V' for controlled drugs, NULL otherwise;
--     "controlled drugs" = ctrl_sched IS NOT NULL. Prescriptions count unless rx_status = 'VOID'.
--   * stock on hand = SUM(stock_moves.qty_delta) over every move of a drug at a clinic
--     (RECEIPT +, DISPENSE -, WASTE -, ADJUST +/-, TRANSFER_IN +, TRANSFER_OUT -), to date.
--     Waste quantities are reported as positive numbers (-qty_delta).
--   * vaccinations: next_due_dt is when that vaccine is due again; a pet is overdue for a vaccine
--     when its LATEST dose's next_due_dt is before today (living pets only).
--   * wellness memberships: active = memb_status = 'ACTIVE'; MRR = SUM(monthly_fee) of active
--     memberships. plan_cd: 'PUPPY', 'KITTEN', 'ADULT_K9', 'ADULT_FEL', 'SENIOR'.
--   * reminder delivery rate = 'DELIVERED' over all sends (also 'BOUNCED', 'FAILED').
--   * a pet's age is whole years since birth_dt (a senior cat is 10 or older).
-- ============================================================================================

CREATE TABLE clinics (
    grp_id      VARCHAR NOT NULL,
    clinic_id   INTEGER PRIMARY KEY,
    clinic_cd   VARCHAR NOT NULL,
    clinic_nm   VARCHAR NOT NULL,
    region_cd   VARCHAR,
    opened_dt   DATE,
    closed_dt   DATE
);

CREATE TABLE staff (
    grp_id      VARCHAR NOT NULL,
    staff_id    INTEGER PRIMARY KEY,
    clinic_id   INTEGER NOT NULL,
    full_nm     VARCHAR NOT NULL,
    role_cd     VARCHAR NOT NULL,          -- DVM, RVT, CSR, PM
    hire_dt     DATE,
    term_dt     DATE                       -- NULL while employed
);

CREATE TABLE clients (
    grp_id          VARCHAR NOT NULL,
    client_id       INTEGER PRIMARY KEY,
    home_clinic_id  INTEGER NOT NULL,
    first_nm        VARCHAR,
    last_nm         VARCHAR,
    email_addr      VARCHAR,
    created_dt      DATE NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE patients (
    grp_id       VARCHAR NOT NULL,
    patient_id   INTEGER PRIMARY KEY,
    client_id    INTEGER NOT NULL,
    pet_nm       VARCHAR,
    species_cd   VARCHAR NOT NULL,         -- CAN, FEL, EQU, EXO
    breed_txt    VARCHAR,
    sex_cd       VARCHAR,                  -- MN, FS, M, F
    birth_dt     DATE,
    deceased_dt  DATE,
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE appointments (
    grp_id          VARCHAR NOT NULL,
    appt_id         INTEGER PRIMARY KEY,
    clinic_id       INTEGER NOT NULL,
    patient_id      INTEGER NOT NULL,
    staff_id        INTEGER,
    appt_type_cd    VARCHAR NOT NULL,      -- WELL, SICK, SURG, DENT, VAX, RECHK
    booked_ts       TIMESTAMP NOT NULL,
    sched_start_ts  TIMESTAMP NOT NULL,
    appt_status     VARCHAR NOT NULL,      -- BOOKED, COMPLETED, NO_SHOW, CANCELLED
    cancel_ts       TIMESTAMP,
    booking_src_cd  VARCHAR NOT NULL,      -- ONLINE, PHONE, APP, WALKIN_CONV
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE visits (
    grp_id      VARCHAR NOT NULL,
    visit_id    INTEGER PRIMARY KEY,
    appt_id     INTEGER,                   -- NULL for walk-ins
    clinic_id   INTEGER NOT NULL,
    patient_id  INTEGER NOT NULL,
    dvm_id      INTEGER NOT NULL,
    visit_dt    DATE NOT NULL,
    dx_cd       VARCHAR,                   -- primary diagnosis code; NULL for healthy wellness exams
    dx_desc     VARCHAR,
    weight_kg   DECIMAL(6, 2),
    is_test     BOOLEAN NOT NULL
);

CREATE TABLE drugs (
    drug_id     INTEGER PRIMARY KEY,
    drug_nm     VARCHAR NOT NULL,
    ctrl_sched  VARCHAR,                   -- DEA schedule II..V, NULL = not controlled
    unit_cd     VARCHAR,
    unit_cost   DECIMAL(10, 2)
);

CREATE TABLE prescriptions (
    grp_id       VARCHAR NOT NULL,
    rx_id        INTEGER PRIMARY KEY,
    visit_id     INTEGER NOT NULL,
    patient_id   INTEGER NOT NULL,
    drug_id      INTEGER NOT NULL,
    qty          DECIMAL(10, 2),
    days_supply  INTEGER,
    written_dt   DATE NOT NULL,
    rx_status    VARCHAR NOT NULL,         -- ACTIVE, FILLED, VOID
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE vaccinations (
    grp_id       VARCHAR NOT NULL,
    vax_id       INTEGER PRIMARY KEY,
    patient_id   INTEGER NOT NULL,
    visit_id     INTEGER,
    vaccine_cd   VARCHAR NOT NULL,         -- RABIES, DHPP, LEPTO, BORD, FVRCP, FELV
    admin_dt     DATE NOT NULL,
    next_due_dt  DATE,
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE reminder_sends (
    grp_id           VARCHAR NOT NULL,
    rem_id           INTEGER PRIMARY KEY,
    patient_id       INTEGER NOT NULL,
    vaccine_cd       VARCHAR,
    channel_cd       VARCHAR NOT NULL,     -- SMS, EMAIL, POSTCARD
    sent_ts          TIMESTAMP NOT NULL,
    delivery_status  VARCHAR NOT NULL,     -- DELIVERED, BOUNCED, FAILED
    is_test          BOOLEAN NOT NULL
);

CREATE TABLE invoices (
    grp_id        VARCHAR NOT NULL,
    inv_id        INTEGER PRIMARY KEY,
    clinic_id     INTEGER NOT NULL,
    client_id     INTEGER NOT NULL,
    visit_id      INTEGER,                 -- NULL for counter sales (food, retail)
    inv_dt        DATE NOT NULL,
    inv_status    VARCHAR NOT NULL,        -- DRAFT, POSTED, VOID
    subtotal_amt  DECIMAL(12, 2),
    disc_amt      DECIMAL(12, 2),
    net_amt       DECIMAL(12, 2),          -- subtotal - discount
    tax_amt       DECIMAL(12, 2),
    gross_amt     DECIMAL(12, 2),          -- net + tax
    is_test       BOOLEAN NOT NULL
);

CREATE TABLE invoice_lines (
    inv_id       INTEGER NOT NULL,
    line_no      INTEGER NOT NULL,
    item_cat_cd  VARCHAR NOT NULL,         -- EXAM, DENTAL, SURGERY, LAB, IMAGING, RX, VACCINE, RETAIL
    item_cd      VARCHAR,
    line_desc    VARCHAR,
    qty          DECIMAL(10, 2),
    unit_price   DECIMAL(10, 2),
    disc_amt     DECIMAL(10, 2),
    line_amt     DECIMAL(12, 2)            -- qty * unit_price - disc_amt
);

CREATE TABLE payments (
    grp_id         VARCHAR NOT NULL,
    pmt_id         INTEGER PRIMARY KEY,
    inv_id         INTEGER NOT NULL,
    client_id      INTEGER NOT NULL,
    pmt_dt         DATE NOT NULL,
    pmt_method_cd  VARCHAR NOT NULL,       -- CARD, CASH, CARECREDIT, INSURANCE, CHECK
    pmt_amt        DECIMAL(12, 2),         -- negative for refunds
    is_refund      BOOLEAN NOT NULL,
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE wellness_memberships (
    grp_id       VARCHAR NOT NULL,
    memb_id      INTEGER PRIMARY KEY,
    patient_id   INTEGER NOT NULL,
    clinic_id    INTEGER NOT NULL,
    plan_cd      VARCHAR NOT NULL,         -- PUPPY, KITTEN, ADULT_K9, ADULT_FEL, SENIOR
    start_dt     DATE NOT NULL,
    end_dt       DATE,
    monthly_fee  DECIMAL(8, 2),
    memb_status  VARCHAR NOT NULL,         -- ACTIVE, CANCELLED, EXPIRED
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE stock_moves (
    grp_id      VARCHAR NOT NULL,
    mv_id       INTEGER PRIMARY KEY,
    clinic_id   INTEGER NOT NULL,
    drug_id     INTEGER NOT NULL,
    mv_type_cd  VARCHAR NOT NULL,          -- RECEIPT, DISPENSE, WASTE, ADJUST, TRANSFER_IN, TRANSFER_OUT
    qty_delta   DECIMAL(10, 2) NOT NULL,   -- signed
    mv_ts       TIMESTAMP NOT NULL,
    staff_id    INTEGER
);
