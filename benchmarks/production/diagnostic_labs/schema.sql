-- ============================================================================================
-- diagnostic_labs: the warehouse of a clinical diagnostic-laboratory platform (DuckDB DDL for
-- labelling)
--
-- Company: "Labwise Cloud" hosts the LIS (laboratory information system), patient-service-center
-- scheduling, billing and QC software of regional laboratory networks. Every lab network is a
-- tenant of one shared Trino warehouse (Iceberg tables), every table keyed by net_id (ids are
-- unique across the platform). The deployment here is network 'LN-0527', Keystone Regional
-- Laboratories: the Keystone Core Lab (site 101, Harrisburg), the Mercy Rapid Response Lab (site
-- 102, the STAT lab inside Mercy Harrisburg Hospital, where the hospital's own draws are logged),
-- and patient service centers (PSCs) Camp Hill, Lancaster East, York North, Carlisle (closed on
-- 2026-06-30, history kept) and Hershey (opened 2026-09-01). Other tenants in the warehouse:
-- 'LN-0118' (Lakeshore Pathology Group) and 'LN-0944' (Desert Sun Clinical Labs).
--
-- Warehouse: Trino (date_trunc, date_add('month', n, d), date_diff('minute', a, b) counting
-- whole units, interval literals such as INTERVAL '1' MONTH, current_date, count_if, FILTER
-- (WHERE ...), CAST; `/` between integers is integer division, as in Trino). Flags: BOOLEAN
-- is_test, 'Y'/'N' text flags elsewhere. Money is in integer cents (BIGINT): dollars = cents /
-- 100.0. Timestamps are local lab time, to the minute. The agent writes dialect `trino`.
-- Agent: `assay-sql`, versions 6.0, 6.1 and 6.2, deployed for network 'LN-0527'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse is loaded up to the end of Sunday
-- 2026-11-01 (nothing dated after it). So "last month" is October 2026, "this month" November
-- 2026 to date (empty), "last quarter" / "last qtr" July-September 2026, "ytd" / "this year"
-- 2026-01-01 to today, "last year" 2025, "last 6 months" the six whole months May-October 2026,
-- "since july" from 2026-07-01, "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `net_id = 'LN-0527'` on every table of every query (row policy). test_catalog is
--     per network: join it on net_id AND test_cd (every network has its own BMP, CBC ...).
--   * test rows: `is_test = false` on orders (proficiency-testing, validation and interface-test
--     requisitions), patients (the 'ZZTEST' patients those requisitions are placed on) and
--     clients (the internal 'Keystone Validation Acct'). Specimens, order tests, results and
--     charges carry no flag: they are excluded through orders (join orders, keep is_test =
--     false). Test requisitions are never billed. One interface-test requisition of 2026 was
--     placed under a real client account (Millersburg Clinic); it is flagged is_test like the
--     others and is not an order of that client.
--   * soft deletes: `deleted_at IS NULL` on clients (an account keyed twice), providers (a
--     provider keyed twice, no orders) and patients (merged duplicate charts whose orders were
--     moved to the surviving chart). These matter where that table is the population counted
--     or listed.
--   * voids: `void_flg = 'N'` on charges (a voided charge line was billed in error; it is
--     usually re-billed as a new line). Revenue, charges, collections and denials count
--     non-void lines only.
--
-- Business conventions of the network (what a careful analyst would apply):
--   * orders: one row per requisition (accession). site_id is where the patient is drawn: a
--     PSC, the Mercy Rapid Response Lab (hospital draws) or the Core Lab (SNF draws by the mobile
--     phlebotomy team). prov_id is the ordering provider; NULL on employer drug-screen and
--     wellness orders (client type EMPLOYER), which have no ordering provider. priority_cd
--     'STAT' or 'ROUTINE'. order_src 'EHR' (interfaced), 'PORTAL' (the client web portal) or
--     'PAPER' (a paper requisition keyed at the PSC). order_stat 'OPEN', 'COMPLETE' or
--     'CANCELLED' (cancelled before collection: no specimen, its tests CANCELLED). "Orders" /
--     "order volume" / "requisitions" = non-test orders not CANCELLED, dated by order_ts (an
--     order is often placed a day or two before the draw).
--   * order_tests: one row per test (or panel) ordered on a requisition. ot_stat 'PENDING',
--     'FINAL', 'CORRECTED' (released, then a corrected report was issued: corrected_ts and
--     corr_reason set) or 'CANCELLED' (a single test can be cancelled on a live order, e.g. when
--     its specimen was lost). spec_id is the specimen the test was run on (the recollection when
--     the first tube was rejected). final_ts is when the result was first released (verified).
--     "Tests" / "tests resulted" / "test volume" = order tests with ot_stat IN ('FINAL',
--     'CORRECTED'), dated by final_ts, per the performing department (test_catalog.dept).
--     "Tests per order" counts the order's tests that are not CANCELLED. "Corrected reports" =
--     CORRECTED order tests, dated by corrected_ts.
--   * turnaround: TAT = minutes from specimen receipt at the lab (specimens.recv_ts of the
--     test's spec_id) to first release (order_tests.final_ts), over resulted tests, by the
--     order's priority; "collect-to-result" / "total TAT" is from collect_ts instead and is
--     only used when asked. A test is on time when its TAT <= its catalog target for the
--     order's priority (stat_tgt_min for STAT, rtn_tgt_min for ROUTINE); on-time rate = on time
--     / resulted tests, as a percentage. Transport time = recv_ts - collect_ts.
--   * specimens: one row per tube/container collected; collect_site_id is where it was drawn
--     (the order's site). recv_ts is receipt at the performing lab (NULL: lost in transit, never
--     received). reject_cd is set when the lab rejected the specimen at receipt ('HEMOLYZED',
--     'QNS', 'CLOTTED', 'UNLABELED', 'TEMP'); the patient is then redrawn (a new specimen).
--     Rejection rate = rejected / received specimens (recv_ts IS NOT NULL), as a percentage,
--     dated by recv_ts; per PSC by collect_site_id.
--   * results: one row per analyte reported. abn_flg 'N', 'H', 'L', 'HH', 'LL' (numeric panic
--     values) or 'A' (abnormal text result, e.g. a positive culture). crit_flg = 'Y' marks a
--     critical value on the network's critical list: every HH and LL, and positive blood
--     cultures (abn_flg 'A'). crit_call_ts is when the critical value was phoned to the ordering
--     provider and read back (NULL: no call documented). A critical value is called on time
--     when crit_call_ts <= final_ts + 30 minutes; call compliance = called on time / all
--     critical values, as a percentage, dated by the test's final_ts. "Patients with a
--     critical X" are distinct patients (orders.pt_id).
--   * instruments: retired_dt set when an analyzer was taken out of service ("instruments" rn =
--     retired_dt IS NULL). qc_runs: one row per QC level run; qc_stat 'PASS', 'WARN' (a 1-2s
--     warning, accepted, patient testing continues) or 'FAIL' (rejected run, patient testing
--     held). QC failure rate = FAIL runs / all runs, as a percentage, by run_ts.
--   * charges: one row per billed test line. bill_to 'PAYER' (the patient's insurer, payer_nm
--     and payer_type set), 'CLIENT' (client-billed accounts: hospitals, SNFs, employers) or
--     'PATIENT' (self-pay). chg_cents = gross charge at list price; exp_cents = expected
--     (contracted) reimbursement; paid_cents = collected so far. clm_stat 'OPEN', 'PAID',
--     'DENIED', 'WRITTEN_OFF'. "Revenue" / "net revenue" = SUM(exp_cents) / 100.0 of non-void
--     lines dated by svc_dt (the collection date); "gross charges" = SUM(chg_cents) / 100.0;
--     "collections" / "collected" = SUM(paid_cents) / 100.0, both by svc_dt as well. Denial
--     rate = DENIED lines / all PAYER lines (non-void), as a percentage. client_id on a charge is
--     the ordering client account. A resulted test is "unbilled" when it has no non-void charge
--     line.
--   * clients: client_type 'PHYS_OFFICE', 'HOSPITAL', 'SNF', 'EMPLOYER'; acct_status 'ACTIVE',
--     'HOLD' (credit hold, may not order) or 'CLOSED'. "Active clients" = acct_status =
--     'ACTIVE' (not test, not deleted). onboard_dt is the account's go-live date. "Clients that
--     ordered" = clients with at least one non-test order in the period, whatever its status.
-- ============================================================================================

CREATE TABLE sites (
    net_id          VARCHAR NOT NULL,
    site_id         INTEGER NOT NULL,      -- unique across the platform
    site_cd         VARCHAR NOT NULL,      -- e.g. 'CHL'
    site_nm         VARCHAR NOT NULL,
    site_type       VARCHAR NOT NULL,      -- 'PSC', 'CORE_LAB', 'RAPID_LAB'
    region          VARCHAR NOT NULL,
    open_dt         DATE NOT NULL,
    close_dt        DATE                   -- set when the site closed
);

CREATE TABLE clients (
    net_id          VARCHAR NOT NULL,
    client_id       INTEGER NOT NULL,
    client_nm       VARCHAR NOT NULL,
    client_type     VARCHAR NOT NULL,      -- 'PHYS_OFFICE', 'HOSPITAL', 'SNF', 'EMPLOYER'
    acct_status     VARCHAR NOT NULL,      -- 'ACTIVE', 'HOLD', 'CLOSED'
    bill_mode       VARCHAR NOT NULL,      -- 'INSURANCE' (bill the patient's payer), 'CLIENT_BILL'
    onboard_dt      DATE NOT NULL,
    sales_rep       VARCHAR,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP              -- account keyed twice
);

CREATE TABLE providers (
    net_id          VARCHAR NOT NULL,
    prov_id         INTEGER NOT NULL,
    npi             VARCHAR NOT NULL,
    prov_nm         VARCHAR NOT NULL,
    specialty       VARCHAR NOT NULL,
    client_id       INTEGER NOT NULL,      -- the practice / account the provider orders under
    deleted_at      TIMESTAMP              -- provider keyed twice
);

CREATE TABLE patients (
    net_id          VARCHAR NOT NULL,
    pt_id           BIGINT NOT NULL,
    mrn             VARCHAR NOT NULL,
    birth_dt        DATE NOT NULL,
    sex_cd          VARCHAR NOT NULL,      -- 'F', 'M', 'U'
    zip5            VARCHAR,
    is_test         BOOLEAN NOT NULL,      -- 'ZZTEST' patients
    deleted_at      TIMESTAMP              -- merged duplicate chart
);

CREATE TABLE test_catalog (
    net_id          VARCHAR NOT NULL,      -- each network has its own catalog
    test_cd         VARCHAR NOT NULL,      -- e.g. 'BMP', 'CBC', 'TROP'
    test_nm         VARCHAR NOT NULL,
    dept            VARCHAR NOT NULL,      -- 'CHEM', 'HEME', 'COAG', 'UA', 'MICRO', 'MOLEC'
    cpt_cd          VARCHAR NOT NULL,
    list_cents      INTEGER NOT NULL,      -- list price in cents
    stat_tgt_min    INTEGER NOT NULL,      -- TAT target (receipt to release) for STAT, minutes
    rtn_tgt_min     INTEGER NOT NULL,      -- TAT target for ROUTINE, minutes
    active_yn       VARCHAR NOT NULL       -- 'Y' / 'N' still orderable
);

CREATE TABLE orders (
    net_id          VARCHAR NOT NULL,
    order_id        BIGINT NOT NULL,
    acc_no          VARCHAR NOT NULL,      -- accession number
    pt_id           BIGINT NOT NULL,
    prov_id         INTEGER,               -- NULL on employer orders (no ordering provider)
    client_id       INTEGER NOT NULL,
    site_id         INTEGER NOT NULL,      -- where the patient is drawn
    order_ts        TIMESTAMP NOT NULL,
    priority_cd     VARCHAR NOT NULL,      -- 'STAT', 'ROUTINE'
    order_src       VARCHAR NOT NULL,      -- 'EHR', 'PORTAL', 'PAPER'
    order_stat      VARCHAR NOT NULL,      -- 'OPEN', 'COMPLETE', 'CANCELLED'
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE order_tests (
    net_id          VARCHAR NOT NULL,
    ot_id           BIGINT NOT NULL,
    order_id        BIGINT NOT NULL,
    test_cd         VARCHAR NOT NULL,
    spec_id         BIGINT,                -- specimen run; NULL when never collected
    perf_site_id    INTEGER,               -- performing lab (101 or 102)
    ot_stat         VARCHAR NOT NULL,      -- 'PENDING', 'FINAL', 'CORRECTED', 'CANCELLED'
    final_ts        TIMESTAMP,             -- first release (verification)
    corrected_ts    TIMESTAMP,             -- corrected report issued
    corr_reason     VARCHAR                -- 'WRONG_PATIENT', 'TRANSCRIPTION', 'INSTRUMENT', 'REF_RANGE'
);

CREATE TABLE specimens (
    net_id          VARCHAR NOT NULL,
    spec_id         BIGINT NOT NULL,
    order_id        BIGINT NOT NULL,
    spec_type       VARCHAR NOT NULL,      -- 'SERUM', 'PLASMA', 'WHOLE_BLOOD', 'URINE', 'SWAB'
    collect_ts      TIMESTAMP NOT NULL,
    collect_site_id INTEGER NOT NULL,
    recv_ts         TIMESTAMP,             -- receipt at the performing lab; NULL: never received
    recv_site_id    INTEGER,
    reject_cd       VARCHAR,               -- NULL, 'HEMOLYZED', 'QNS', 'CLOTTED', 'UNLABELED', 'TEMP'
    reject_ts       TIMESTAMP
);

CREATE TABLE results (
    net_id          VARCHAR NOT NULL,
    result_id       BIGINT NOT NULL,
    ot_id           BIGINT NOT NULL,
    analyte_cd      VARCHAR NOT NULL,      -- e.g. 'K', 'GLU', 'HGB', 'TROPI', 'BCX'
    result_num      DOUBLE,                -- NULL for text results
    result_txt      VARCHAR,
    units           VARCHAR,
    ref_lo          DOUBLE,
    ref_hi          DOUBLE,
    abn_flg         VARCHAR NOT NULL,      -- 'N', 'H', 'L', 'HH', 'LL', 'A'
    crit_flg        VARCHAR NOT NULL,      -- 'Y' / 'N' on the critical list
    crit_call_ts    TIMESTAMP,             -- critical value phoned and read back
    instr_id        INTEGER                -- analyzer; NULL for manual methods
);

CREATE TABLE instruments (
    net_id          VARCHAR NOT NULL,
    instr_id        INTEGER NOT NULL,
    site_id         INTEGER NOT NULL,
    instr_nm        VARCHAR NOT NULL,
    model           VARCHAR NOT NULL,
    dept            VARCHAR NOT NULL,
    install_dt      DATE NOT NULL,
    retired_dt      DATE                   -- taken out of service
);

CREATE TABLE qc_runs (
    net_id          VARCHAR NOT NULL,
    qc_id           BIGINT NOT NULL,
    instr_id        INTEGER NOT NULL,
    analyte_cd      VARCHAR NOT NULL,
    qc_lvl          SMALLINT NOT NULL,     -- control level 1, 2 or 3
    run_ts          TIMESTAMP NOT NULL,
    qc_stat         VARCHAR NOT NULL       -- 'PASS', 'WARN', 'FAIL'
);

CREATE TABLE charges (
    net_id          VARCHAR NOT NULL,
    chg_id          BIGINT NOT NULL,
    order_id        BIGINT NOT NULL,
    ot_id           BIGINT NOT NULL,
    client_id       INTEGER NOT NULL,      -- ordering client account
    bill_to         VARCHAR NOT NULL,      -- 'PAYER', 'CLIENT', 'PATIENT'
    payer_nm        VARCHAR,               -- set when bill_to = 'PAYER'
    payer_type      VARCHAR,               -- 'MEDICARE', 'MEDICAID', 'COMMERCIAL'
    cpt_cd          VARCHAR NOT NULL,
    chg_cents       BIGINT NOT NULL,       -- gross charge
    exp_cents       BIGINT NOT NULL,       -- expected reimbursement
    paid_cents      BIGINT NOT NULL,       -- collected so far
    svc_dt          DATE NOT NULL,         -- date of service (collection date)
    post_dt         DATE NOT NULL,         -- posted to the billing system
    clm_stat        VARCHAR NOT NULL,      -- 'OPEN', 'PAID', 'DENIED', 'WRITTEN_OFF'
    void_flg        VARCHAR NOT NULL       -- 'Y' / 'N'
);
