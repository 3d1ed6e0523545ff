-- ============================================================================================
-- security_ops: the SOC warehouse of a managed security provider (DuckDB DDL for labelling)
--
-- Company: "Bastion Watch" is a managed security service provider (MSSP / MDR). Its security
-- operations centre monitors many customers' estates from one Databricks lakehouse: the
-- customers' assets (endpoints, servers, network gear, cloud VMs), the alerts its detection
-- rules raise on them, the incidents alerts are escalated into, the SOC analysts and every
-- triage action they take, vulnerability findings and patch jobs, and each customer's SLA
-- targets. Customer-owned tables carry customer_id; the detection-rule catalogue and the
-- analyst roster are shared by every customer and carry none.
--
-- Warehouse: Databricks SQL (Unity Catalog, schema soc_gold). The agent writes dialect
-- `databricks`. All timestamps are UTC.
-- Agent: `soc-copilot`, versions 2.6, 2.7 and 3.0, deployed in the customer portal of
-- customer 'cst_0419' ("Kestrel Freight Lines"). Other customers share the tables.
-- Log window: 2025-11-03 to 2025-11-28 (so "last month" is October 2025, "this quarter" Q4
-- 2025 to date, "last quarter" Q3 2025, "this year" / "ytd" 2025 to date, "October" /
-- "September" 2025).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `customer_id = 'cst_0419'` on every table that carries customer_id;
--   * simulated activity: `is_simulated = false` on every query that reads alerts or incidents.
--     Breach-and-attack simulation runs and purple-team exercises raise real-looking alerts
--     and incidents that must never reach a customer report. triage_actions has no flag of
--     its own: actions on simulated alerts are excluded by joining alerts (is_simulated = false).
--
-- Business conventions at this SOC (what a careful analyst would apply):
--   * alerts are dated by alerts.created_ts, incidents by incidents.opened_ts, vulnerability
--     findings by detected_dt, patch jobs by scheduled_ts, triage actions by action_ts.
--   * severity: alerts.severity is one of 'info', 'low', 'medium', 'high', 'critical'.
--     "high-severity" / "high sev" / "sev high+" alerts are severity IN ('high', 'critical');
--     "critical" alerts are severity = 'critical' only. risk_score is the ML score, not severity.
--   * an alert is closed when alert_status = 'closed'; it then has a disposition:
--     'true_positive' (malicious), 'benign_true_positive' (real but authorised activity, e.g. an
--     admin's tool: NOT a true positive in reports), 'false_positive', or 'duplicate'.
--     Open alerts ('new', 'in_triage') have disposition NULL.
--   * false-positive rate = closed alerts with disposition 'false_positive' / all closed alerts
--     (every disposition in the denominator), over alerts created in the period.
--   * an alert is escalated when alerts.incident_id IS NOT NULL.
--   * MTTA (mean time to acknowledge) = AVG minutes from alerts.created_ts to first_ack_ts over
--     acknowledged alerts (first_ack_ts NOT NULL), alerts dated by created_ts. Timestamps are
--     whole minutes.
--   * MTTR (mean time to resolve) = AVG hours (minutes / 60) from incidents.opened_ts to
--     resolved_ts over incidents resolved in the period (dated by resolved_ts; every incident
--     with resolved_ts set counts, 'resolved' and 'closed_fp' alike).
--   * an incident is still open until resolved: inc_status IN ('open', 'contained');
--     'resolved' and 'closed_fp' (closed as a false alarm) are done.
--   * response SLA: an incident meets it when first_response_ts <= opened_ts + respond_min
--     minutes, with respond_min from sla_targets for the incident's customer AND priority (each
--     customer has its own targets). An incident with no first_response_ts has breached it.
--   * assets: decommissioned assets (is_decommissioned = true) are out of the inventory: asset
--     counts, coverage, "never alerted" lists and open-vulnerability figures exclude them.
--     "endpoints" are asset_type IN ('workstation', 'laptop', 'server'). EDR coverage = share of
--     active endpoints whose edr_agent_ver IS NOT NULL (NULL = no EDR agent installed).
--     "hosts" are assets (hostname); alerts on email and identity rules have asset_id NULL.
--   * vulnerabilities: an open finding has finding_status = 'open' ('risk_accepted' findings
--     are not open, 'remediated' ones have remediated_dt). "critical vulns" are
--     vuln_sev = 'critical' (the SOC's contextual rating; cvss_v3 is the raw base score and may
--     be NULL). Time to remediate = days from detected_dt to remediated_dt.
--   * patch success rate = 'succeeded' jobs / finished jobs (job_status 'succeeded', 'failed',
--     'rolled_back'); jobs still 'scheduled' are not finished.
--   * analysts: only is_active analysts are on the roster. handle_min is the analyst's logged
--     minutes on an action (NULL when the action was a one-click automation).
--   * "last week" is the previous Monday-to-Sunday week; "past N days" is created_ts on or after
--     CURRENT_DATE - N days (today included).
-- ============================================================================================

CREATE TABLE customers (
    customer_id        VARCHAR PRIMARY KEY,     -- 'cst_0419'
    customer_name      VARCHAR NOT NULL,
    industry           VARCHAR NOT NULL,
    service_tier       VARCHAR NOT NULL,        -- 'monitor', 'mdr', 'mdr_plus'
    region_cd          VARCHAR NOT NULL,        -- 'NA', 'EU', 'APAC'
    contract_start_dt  DATE NOT NULL
);

CREATE TABLE analysts (
    analyst_id    INTEGER PRIMARY KEY,
    analyst_name  VARCHAR NOT NULL,
    tier          VARCHAR NOT NULL,             -- 'L1', 'L2', 'L3'
    shift_cd      VARCHAR NOT NULL,             -- 'AMER', 'EMEA', 'APAC'
    hire_dt       DATE NOT NULL,
    is_active     BOOLEAN NOT NULL
);

CREATE TABLE detection_rules (
    rule_id             VARCHAR PRIMARY KEY,    -- 'DR-1001'
    rule_name           VARCHAR NOT NULL,
    log_source          VARCHAR NOT NULL,       -- 'edr', 'siem', 'ndr', 'email', 'identity', 'cloud'
    mitre_tactic        VARCHAR NOT NULL,       -- 'initial_access', 'execution', 'persistence', ...
    mitre_technique_id  VARCHAR,                -- 'T1059.001'; NULL for custom rules
    default_sev         VARCHAR NOT NULL,       -- severity a new alert gets before tuning
    is_enabled          BOOLEAN NOT NULL,
    created_dt          DATE NOT NULL
);

CREATE TABLE assets (
    asset_id           INTEGER PRIMARY KEY,
    customer_id        VARCHAR NOT NULL,
    hostname           VARCHAR NOT NULL,
    asset_type         VARCHAR NOT NULL,        -- 'workstation', 'laptop', 'server', 'network', 'cloud_vm'
    os_family          VARCHAR,                 -- 'windows', 'linux', 'macos'; NULL for network gear
    criticality        VARCHAR NOT NULL,        -- 'low', 'medium', 'high', 'crown_jewel'
    site_cd            VARCHAR NOT NULL,        -- customer site code, e.g. 'DAL1'
    edr_agent_ver      VARCHAR,                 -- NULL = no EDR agent installed
    first_seen_dt      DATE NOT NULL,
    last_seen_ts       TIMESTAMP NOT NULL,      -- last telemetry of any kind
    is_decommissioned  BOOLEAN NOT NULL
);

CREATE TABLE incidents (
    incident_id        INTEGER PRIMARY KEY,
    customer_id        VARCHAR NOT NULL,
    incident_ref       VARCHAR NOT NULL,        -- 'INC-25-0142'
    title              VARCHAR NOT NULL,
    category           VARCHAR NOT NULL,        -- 'malware', 'phishing', 'ransomware', 'account_compromise', 'data_exfiltration', 'policy_violation'
    priority           VARCHAR NOT NULL,        -- 'P1' (highest) .. 'P4'
    inc_status         VARCHAR NOT NULL,        -- 'open', 'contained', 'resolved', 'closed_fp'
    opened_ts          TIMESTAMP NOT NULL,
    first_response_ts  TIMESTAMP,               -- NULL = nobody has responded
    contained_ts       TIMESTAMP,
    resolved_ts        TIMESTAMP,               -- set when resolved or closed_fp
    owner_analyst_id   INTEGER,                 -- NULL = unassigned
    is_simulated       BOOLEAN NOT NULL
);

CREATE TABLE alerts (
    alert_id      BIGINT PRIMARY KEY,
    customer_id   VARCHAR NOT NULL,
    rule_id       VARCHAR NOT NULL,
    asset_id      INTEGER,                      -- NULL for email / identity alerts
    severity      VARCHAR NOT NULL,             -- 'info', 'low', 'medium', 'high', 'critical'
    risk_score    INTEGER NOT NULL,             -- 0-100, ML triage score
    created_ts    TIMESTAMP NOT NULL,
    first_ack_ts  TIMESTAMP,                    -- NULL = never acknowledged
    closed_ts     TIMESTAMP,
    alert_status  VARCHAR NOT NULL,             -- 'new', 'in_triage', 'closed'
    disposition   VARCHAR,                      -- 'true_positive', 'benign_true_positive', 'false_positive', 'duplicate'; NULL while open
    incident_id   INTEGER,                      -- set when escalated
    src_ip        VARCHAR,
    is_simulated  BOOLEAN NOT NULL
);

CREATE TABLE triage_actions (
    action_id    BIGINT PRIMARY KEY,
    customer_id  VARCHAR NOT NULL,
    alert_id     BIGINT NOT NULL,
    analyst_id   INTEGER NOT NULL,
    action_type  VARCHAR NOT NULL,              -- 'ack', 'assign', 'comment', 'escalate', 'close', 'reopen'
    action_ts    TIMESTAMP NOT NULL,
    handle_min   DECIMAL(6, 1)                  -- minutes logged; NULL for one-click automations
);

CREATE TABLE vuln_findings (
    finding_id      BIGINT PRIMARY KEY,
    customer_id     VARCHAR NOT NULL,
    asset_id        INTEGER NOT NULL,
    cve_id          VARCHAR NOT NULL,
    cvss_v3         DECIMAL(3, 1),              -- raw base score; NULL when not yet scored
    vuln_sev        VARCHAR NOT NULL,           -- 'low', 'medium', 'high', 'critical' (contextual)
    kev_flag        BOOLEAN NOT NULL,           -- on CISA's Known Exploited Vulnerabilities list
    detected_dt     DATE NOT NULL,
    remediated_dt   DATE,
    finding_status  VARCHAR NOT NULL            -- 'open', 'remediated', 'risk_accepted'
);

CREATE TABLE patch_jobs (
    patch_job_id  BIGINT PRIMARY KEY,
    customer_id   VARCHAR NOT NULL,
    asset_id      INTEGER NOT NULL,
    kb_ref        VARCHAR NOT NULL,             -- vendor patch id, e.g. 'KB5044284'
    finding_id    BIGINT,                       -- the finding it remediates; NULL for routine patching
    scheduled_ts  TIMESTAMP NOT NULL,
    completed_ts  TIMESTAMP,
    job_status    VARCHAR NOT NULL              -- 'scheduled', 'succeeded', 'failed', 'rolled_back'
);

CREATE TABLE sla_targets (
    customer_id  VARCHAR NOT NULL,
    priority     VARCHAR NOT NULL,              -- 'P1' .. 'P4'
    respond_min  INTEGER NOT NULL,              -- minutes to first response
    resolve_hr   INTEGER NOT NULL,              -- hours to resolution
    PRIMARY KEY (customer_id, priority)
);
