-- Harborline Mutual, a regional property & casualty insurer: policy and claims warehouse.
--
-- Deployment: the warehouse is the book-of-business mart of a policy-administration platform
-- that hosts several carriers' books (Harborline's own book 'HLM-PC' and the books it services
-- for other carriers). Harborline's claims and underwriting staff ask the text-to-SQL agent
-- `claims-copilot` (versions 0.7, 0.8, 0.9) in a chat panel of the claims workbench. The agent
-- writes DuckDB SQL (sqlglot dialect `duckdb`; the mart lives in MotherDuck).
--
-- Guards the deployment adds to every query (the agent's system prompt asks for them):
--   * carrier_id = 'HLM-PC'          every table carries the carrier of the book it belongs to;
--   * NOT is_test_policy             UAT / training policies live in the production book and are
--                                    flagged on every fact table (policies, premium_txns,
--                                    earned_premium, claims, claim_payments).
--
-- Log window: 2026-02-02 to 2026-02-27 (UTC). The nightly load is complete through 2026-02-01:
-- no row of the mart is dated after 2026-02-01.
--
-- Business definitions the claims and actuarial teams use:
--   * A claim is "opened" / "reported" / "new" at its first notice of loss, fnol_ts; claims in a
--     period are counted by fnol_ts unless the question says otherwise ("closed in", "losses in").
--   * A claim is open while claim_status is 'open' or 'reopened'; closed_dt is NULL while open.
--   * Written premium (GWP) = SUM(premium_txns.written_amt) by booked_dt, all transaction types
--     (cancellation transactions are negative). "New business" premium is txn_type 'NB',
--     "renewal" premium is txn_type 'RN'. policies.annual_prem is the term premium as bound and
--     is NOT written premium (it ignores endorsements, cancellations and the booking date).
--   * Earned premium = SUM(earned_premium.earned_amt) by acct_month.
--   * Loss ratio (unqualified) = paid indemnity in the period / earned premium in the period
--     (calendar-period paid loss ratio; LAE, pay_type 'EXP', excluded), as a fraction.
--   * Incurred loss = indemnity paid to date + current case reserve (LAE excluded).
--   * Severity = indemnity paid per claim that had an indemnity payment.
--   * Closed without payment (CWP) = a closed claim with no indemnity payment (expense payments
--     do not count).
--   * Renewal rate of policies expiring in a period = renewed / (renewed + lapsed) among those
--     policies: status 'R' over status 'R' or 'L' (cancelled policies never reached expiry).
--   * Lapse = a term that reached its expiry date without renewal (policy_status 'L'). A
--     mid-term cancellation, for nonpayment too, is a cancellation ('C'), not a lapse.
--   * In force = policy_status 'A'.
--   * Commercial lines = lob_cd 'CA', 'GL', 'CP'; personal lines = 'PA', 'HO'. Commercial
--     policies are always placed through a broker.
--   * Time to assign = fnol_ts to assigned_ts (hours, fractional).

CREATE TABLE brokers (
    broker_id      INTEGER PRIMARY KEY,
    carrier_id     VARCHAR NOT NULL,
    broker_nm      VARCHAR NOT NULL,
    channel        VARCHAR NOT NULL,     -- 'independent', 'captive', 'aggregator'
    state_cd       VARCHAR(2),
    appointed_dt   DATE NOT NULL,
    terminated_dt  DATE                  -- NULL while the appointment is active
);

CREATE TABLE adjusters (
    adjuster_id    INTEGER PRIMARY KEY,
    carrier_id     VARCHAR NOT NULL,
    adjuster_nm    VARCHAR NOT NULL,
    desk           VARCHAR NOT NULL,     -- 'auto', 'property', 'casualty', 'siu'
    is_active      BOOLEAN NOT NULL,
    hired_dt       DATE
);

CREATE TABLE policies (
    policy_id        VARCHAR PRIMARY KEY,  -- e.g. 'HLM-HO-0001024'
    carrier_id       VARCHAR NOT NULL,
    insured_id       INTEGER NOT NULL,     -- the policyholder; renewals keep it
    lob_cd           VARCHAR(2) NOT NULL,  -- 'PA' personal auto, 'HO' homeowners, 'CA' commercial
                                           -- auto, 'GL' general liability, 'CP' commercial property
    broker_id        INTEGER,              -- NULL: written direct (personal lines only)
    risk_state       VARCHAR(2) NOT NULL,
    eff_dt           DATE NOT NULL,
    exp_dt           DATE NOT NULL,
    policy_status    VARCHAR(1) NOT NULL,  -- 'A' in force, 'C' cancelled mid-term, 'L' lapsed
                                           -- (expired, not renewed), 'R' renewed (replaced by a
                                           -- policy whose prior_policy_id is this one)
    cancel_dt        DATE,
    cancel_reason    VARCHAR,              -- 'nonpay', 'insured_request', 'underwriting'
    annual_prem      DECIMAL(12, 2) NOT NULL,
    prior_policy_id  VARCHAR,              -- the term this one renews; NULL for new business
    is_test_policy   BOOLEAN NOT NULL
);

CREATE TABLE premium_txns (
    txn_id          INTEGER PRIMARY KEY,
    carrier_id      VARCHAR NOT NULL,
    policy_id       VARCHAR NOT NULL,
    txn_type        VARCHAR(2) NOT NULL,   -- 'NB' new business, 'RN' renewal, 'EN' endorsement,
                                           -- 'CX' cancellation (negative)
    booked_dt       DATE NOT NULL,         -- accounting date: written premium counts here
    txn_eff_dt      DATE NOT NULL,
    written_amt     DECIMAL(12, 2) NOT NULL,
    is_test_policy  BOOLEAN NOT NULL
);

CREATE TABLE earned_premium (
    carrier_id      VARCHAR NOT NULL,
    policy_id       VARCHAR NOT NULL,
    acct_month      DATE NOT NULL,         -- first day of the month
    earned_amt      DECIMAL(12, 2) NOT NULL,
    is_test_policy  BOOLEAN NOT NULL
);

CREATE TABLE claims (
    claim_id         VARCHAR PRIMARY KEY,  -- e.g. 'CLM-2025-000317'
    carrier_id       VARCHAR NOT NULL,
    policy_id        VARCHAR NOT NULL,
    loss_dt          DATE NOT NULL,        -- date of the accident / occurrence
    fnol_ts          TIMESTAMP NOT NULL,   -- first notice of loss: when the claim was opened
    assigned_ts      TIMESTAMP,            -- when an adjuster was assigned; NULL while unassigned
    adjuster_id      INTEGER,              -- NULL while unassigned
    cause_cd         VARCHAR NOT NULL,     -- 'collision', 'glass', 'theft', 'bodily_injury',
                                           -- 'water', 'fire', 'wind_hail', 'liability'
    claim_status     VARCHAR NOT NULL,     -- 'open', 'closed', 'reopened'
    closed_dt        DATE,                 -- NULL while open or reopened
    case_reserve     DECIMAL(12, 2) NOT NULL,  -- outstanding indemnity reserve now (0 when closed)
    fraud_flag       BOOLEAN NOT NULL,     -- flagged by the fraud model or an adjuster
    siu_referral_dt  DATE,                 -- referred to the special investigations unit
    is_test_policy   BOOLEAN NOT NULL
);

CREATE TABLE claim_payments (
    payment_id      INTEGER PRIMARY KEY,
    carrier_id      VARCHAR NOT NULL,
    claim_id        VARCHAR NOT NULL,
    paid_dt         DATE NOT NULL,
    pay_type        VARCHAR(3) NOT NULL,   -- 'IND' indemnity (loss), 'EXP' adjusting expense (LAE)
    amount          DECIMAL(12, 2) NOT NULL,
    is_test_policy  BOOLEAN NOT NULL
);
