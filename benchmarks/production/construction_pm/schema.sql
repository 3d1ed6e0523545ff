-- ============================================================================================
-- construction_pm: the warehouse of a construction project-management platform (DuckDB DDL for
-- labelling; STEF never sees it)
--
-- Company: "Sitebook" sells a project-management suite to general contractors. Every contractor
-- account is a tenant of one shared analytics warehouse: projects, budget lines (cost codes with
-- their budget revisions), subcontracts (commitments), change orders, pay applications to the
-- owner (with retainage), supplier and subcontractor invoices (AP), RFIs and submittals, punch
-- items, crew timesheets and superintendents' daily logs (weather, manpower, equipment hours),
-- all keyed by gc_acct_cd.
--
-- Warehouse: Oracle 19c (CTEs, window functions, FETCH FIRST, MEDIAN; no QUALIFY; `/` is decimal
-- division; a DATE minus a DATE is a number of days). The agent writes dialect `oracle`.
-- The *_dt columns are dates; the *_ts columns are Oracle DATE columns that carry a time of day
-- (so answered_ts - opened_ts is a number of days, fractions included).
-- Agent: `site-sage`, versions 2.0, 2.1 and 2.2, deployed for contractor account GC-3307
-- ("Halloran Builders"); GC-1180 and GC-5521 are other contractors in the same warehouse.
-- Log window: 2026-10-05 to 2026-10-30 (2.0 answered from Oct 5, 2.1 from Oct 12, 2.2 from
-- Oct 21). So "last month" is September 2026, "this month" October 2026, "this quarter" Q4 2026
-- to date, "Q3" Q3 2026 (Jul 1 - Sep 30), "ytd" / "this year" 2026 to date, a bare month name
-- ("in March") the latest such month (March 2026), "last week" the previous Monday-to-Sunday
-- week, "yesterday" the day before the question.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `gc_acct_cd = 'GC-3307'` on every table of every query (row-level security);
--   * soft deletes: `del_flg = 'N'` on every table that carries it (projects, subcontracts,
--     change_orders, pay_apps, ap_invoices, pm_docs, punch_items); budget_lines, timesheets and
--     daily_logs are never soft-deleted. Deleting a project soft-deletes its rows with it (the
--     training job J-2413); its budget lines, timesheets and logs are purged.
--
-- Business conventions at this contractor (what a careful analyst would apply):
--   * a sub / subcontractor is a vendor (subcontracts.vendor_id / vendor_nm); one vendor holds
--     subcontracts on several projects, so "subs" are counted and ranked by vendor.
--   * active project / job = projects.status_cd = 'ACTIVE' (ON_HOLD, PRECON, CLOSEOUT, CLOSED
--     are not active). "job" and "project" mean the same thing.
--   * revised budget = orig_bud_amt + approved budget revisions (appr_rev_amt, NULL when a line
--     has none); pend_rev_amt (revisions awaiting approval) is never in the revised budget.
--   * committed cost = SUM(subcontracts.commit_amt) over subcontracts with status 'EXECUTED' or
--     'CLOSED' (DRAFT and VOID are not commitments).
--   * job cost / cost to date / spend = SUM(ap_invoices.inv_amt) over invoices with status
--     'APPROVED' or 'PAID' (RECEIVED, ON_HOLD and VOID are not cost), dated by inv_dt.
--   * change orders: co_type_cd 'OCO' = owner change order (changes the contract with the
--     owner: revenue side), 'SCO' = subcontract change order (sc_id set: cost side). "CO value"
--     means approved COs (status 'APPROVED'), dated by approved_dt. CO counts ("how many COs")
--     count every non-deleted CO of the type asked, dated by submitted_dt.
--   * billings / billed / revenue = gross billed on pay applications = SUM(work_cmpl_amt +
--     stored_mat_amt) over pay apps with status 'SUBMITTED', 'CERTIFIED' or 'PAID', dated by
--     period_end_dt. Retainage held = SUM(ret_held_amt) over the same pay apps.
--   * days to get paid (owner) = paid_dt - submitted_dt of PAID pay apps, dated by paid_dt;
--     averages are over pay apps (not over projects).
--   * days to pay a sub = paid_dt - inv_dt of PAID ap_invoices with sc_id NOT NULL, dated by
--     paid_dt. Retainage withheld from subs = SUM(ap_invoices.ret_amt) of APPROVED / PAID
--     invoices with sc_id NOT NULL.
--   * RFIs are pm_docs rows with doc_type_cd = 'RFI' (submittals are 'SUBM'). An open RFI has
--     status 'OPEN'; an overdue RFI is open with due_dt < today. RFI turnaround = answered_ts -
--     opened_ts in days, over RFIs answered in the period (dated by answered_ts). "With cost
--     impact" = cost_impact_yn = 'Y' (NULL = not yet assessed). RFIs are dated by opened_ts
--     otherwise.
--   * open punch item = status 'OPEN' or 'READY' (ready for re-inspection, not yet closed);
--     punch items are dated by created_dt; "closed within N days" = closed_dt - created_dt <= N;
--     VOID punch items are never counted (neither in counts nor in rates).
--   * labor hours = reg_hrs + ot_hrs of APPROVED timesheets only (SUBMITTED are not yet
--     approved, REJECTED never count); OT % = SUM(ot_hrs) / SUM(reg_hrs + ot_hrs).
--   * daily logs: one per project per working day (a missing log is a compliance gap);
--     "weather days" / "lost to weather" = logs with lost_day_cd = 'WEATHER'; equipment hours =
--     SUM(equip_hrs); "avg manpower / headcount per day" = AVG(manpower_cnt) over the logs.
--   * over budget (a project) = cost to date > revised budget of the project.
-- ============================================================================================

CREATE TABLE projects (
    gc_acct_cd    VARCHAR NOT NULL,
    proj_id       INTEGER PRIMARY KEY,
    proj_no       VARCHAR NOT NULL,        -- e.g. 'J-2417'
    proj_nm       VARCHAR NOT NULL,
    proj_type_cd  VARCHAR NOT NULL,        -- COMM, MFAM, HC, EDU, INFRA
    owner_nm      VARCHAR NOT NULL,
    status_cd     VARCHAR NOT NULL,        -- PRECON, ACTIVE, ON_HOLD, CLOSEOUT, CLOSED
    contract_amt  DECIMAL(14, 2) NOT NULL, -- original contract with the owner
    ntp_dt        DATE,                    -- notice to proceed; NULL in precon
    sub_compl_dt  DATE,                    -- substantial completion; NULL until reached
    pm_nm         VARCHAR NOT NULL,
    del_flg       CHAR(1) NOT NULL         -- 'Y' soft-deleted
);

CREATE TABLE budget_lines (
    gc_acct_cd    VARCHAR NOT NULL,
    bl_id         INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    cost_cd       VARCHAR NOT NULL,        -- CSI code, e.g. '03-300'
    cost_type_cd  CHAR(1) NOT NULL,        -- L labor, M material, S subcontract, E equipment, O other
    orig_bud_amt  DECIMAL(14, 2) NOT NULL,
    appr_rev_amt  DECIMAL(14, 2),          -- approved budget revisions; NULL when none
    pend_rev_amt  DECIMAL(14, 2)           -- revisions awaiting approval; NULL when none
);

CREATE TABLE subcontracts (
    gc_acct_cd    VARCHAR NOT NULL,
    sc_id         INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    sc_no         VARCHAR NOT NULL,
    vendor_id     INTEGER NOT NULL,
    vendor_nm     VARCHAR NOT NULL,
    trade_cd      VARCHAR NOT NULL,        -- CONC, STEEL, MECH, ELEC, DRYWALL, ROOF, SITE
    commit_amt    DECIMAL(14, 2) NOT NULL,
    ret_pct       DECIMAL(5, 2) NOT NULL,
    status_cd     VARCHAR NOT NULL,        -- DRAFT, EXECUTED, CLOSED, VOID
    exec_dt       DATE,                    -- NULL until executed
    del_flg       CHAR(1) NOT NULL
);

CREATE TABLE change_orders (
    gc_acct_cd    VARCHAR NOT NULL,
    co_id         INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    sc_id         INTEGER,                 -- set on SCOs, NULL on OCOs
    co_no         VARCHAR NOT NULL,
    co_type_cd    VARCHAR NOT NULL,        -- OCO owner CO, SCO subcontract CO
    reason_cd     VARCHAR NOT NULL,        -- OWNER_REQ, DESIGN_ERR, UNFORESEEN, VE
    co_amt        DECIMAL(14, 2) NOT NULL,
    status_cd     VARCHAR NOT NULL,        -- PENDING, APPROVED, REJECTED, VOID
    submitted_dt  DATE NOT NULL,
    approved_dt   DATE,                    -- NULL unless approved
    del_flg       CHAR(1) NOT NULL
);

CREATE TABLE pay_apps (
    gc_acct_cd     VARCHAR NOT NULL,
    pa_id          INTEGER PRIMARY KEY,
    proj_id        INTEGER NOT NULL,
    app_no         INTEGER NOT NULL,
    period_end_dt  DATE NOT NULL,
    work_cmpl_amt  DECIMAL(14, 2) NOT NULL, -- work completed this period
    stored_mat_amt DECIMAL(14, 2) NOT NULL, -- materials presently stored, this period
    ret_held_amt   DECIMAL(14, 2) NOT NULL, -- retainage the owner holds back on this app
    status_cd      VARCHAR NOT NULL,        -- DRAFT, SUBMITTED, CERTIFIED, PAID, REJECTED
    submitted_dt   DATE,
    paid_dt        DATE,
    del_flg        CHAR(1) NOT NULL
);

CREATE TABLE ap_invoices (
    gc_acct_cd    VARCHAR NOT NULL,
    inv_id        INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    sc_id         INTEGER,                 -- NULL for supplier (material) invoices
    vendor_id     INTEGER NOT NULL,
    vendor_nm     VARCHAR NOT NULL,
    cost_cd       VARCHAR NOT NULL,
    inv_dt        DATE NOT NULL,
    due_dt        DATE NOT NULL,
    inv_amt       DECIMAL(14, 2) NOT NULL,
    ret_amt       DECIMAL(14, 2) NOT NULL, -- retainage withheld from the sub on this invoice
    status_cd     VARCHAR NOT NULL,        -- RECEIVED, ON_HOLD, APPROVED, PAID, VOID
    paid_dt       DATE,
    del_flg       CHAR(1) NOT NULL
);

CREATE TABLE pm_docs (
    gc_acct_cd     VARCHAR NOT NULL,
    doc_id         INTEGER PRIMARY KEY,
    proj_id        INTEGER NOT NULL,
    doc_type_cd    VARCHAR NOT NULL,       -- RFI, SUBM (submittal)
    doc_no         VARCHAR NOT NULL,
    discipline_cd  VARCHAR NOT NULL,       -- ARCH, STRUC, MECH, ELEC, PLUMB, CIVIL
    opened_ts      TIMESTAMP NOT NULL,
    due_dt         DATE NOT NULL,
    answered_ts    TIMESTAMP,              -- NULL until answered
    status_cd      VARCHAR NOT NULL,       -- OPEN, ANSWERED, CLOSED, VOID
    cost_impact_yn CHAR(1),                -- 'Y' / 'N'; NULL = not yet assessed
    del_flg        CHAR(1) NOT NULL
);

CREATE TABLE punch_items (
    gc_acct_cd    VARCHAR NOT NULL,
    punch_id      INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    sc_id         INTEGER,                 -- responsible subcontract; NULL = GC self-perform
    location_txt  VARCHAR NOT NULL,
    priority_cd   VARCHAR NOT NULL,        -- HIGH, MED, LOW
    created_dt    DATE NOT NULL,
    closed_dt     DATE,
    status_cd     VARCHAR NOT NULL,        -- OPEN, READY, CLOSED, VOID
    del_flg       CHAR(1) NOT NULL
);

CREATE TABLE timesheets (
    gc_acct_cd     VARCHAR NOT NULL,
    ts_id          INTEGER PRIMARY KEY,
    proj_id        INTEGER NOT NULL,
    worker_id      INTEGER NOT NULL,
    crew_cd        VARCHAR NOT NULL,       -- e.g. 'CRW-04'
    craft_cd       VARCHAR NOT NULL,       -- CARP, LAB, IRON, OPER, FIN
    work_dt        DATE NOT NULL,
    cost_cd        VARCHAR NOT NULL,
    reg_hrs        DECIMAL(5, 2) NOT NULL,
    ot_hrs         DECIMAL(5, 2) NOT NULL,
    appr_status_cd VARCHAR NOT NULL        -- SUBMITTED, APPROVED, REJECTED
);

CREATE TABLE daily_logs (
    gc_acct_cd    VARCHAR NOT NULL,
    log_id        INTEGER PRIMARY KEY,
    proj_id       INTEGER NOT NULL,
    log_dt        DATE NOT NULL,
    weather_cd    VARCHAR NOT NULL,        -- CLEAR, RAIN, SNOW, WIND, HEAT
    manpower_cnt  INTEGER NOT NULL,
    equip_hrs     DECIMAL(7, 2) NOT NULL,
    lost_day_cd   VARCHAR                  -- WEATHER, INSPECTION, MATERIAL, OWNER; NULL = worked
);
