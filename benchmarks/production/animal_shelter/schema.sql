-- ============================================================================================
-- animal_shelter: the warehouse of an animal-shelter management platform (DuckDB DDL for labelling)
--
-- Company: "Pawtrack" sells intake, kennel, adoption, foster, medical, volunteer and donor
-- software to animal shelters and rescue networks. Every network is a tenant of one shared
-- analytics warehouse, all tables keyed by network_id. The deployment here is network 'TCR',
-- the Tri-County Rescue Alliance: Northside Shelter and Riverside Shelter (open-admission
-- shelters that take strays, owner surrenders and seizures), Eastgate Adoption Center and
-- Lakeview Adoption Center (opened 2026-09-01; they take animals transferred in from the
-- shelters and adopt them out), and Old Mill Shelter (closed 2026-06-30; its last animals were
-- transferred out). Other tenants in the warehouse: 'BVH' (Bayview Humane), 'SLA' (Summit Lake).
--
-- Warehouse: BigQuery (standard SQL: DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD with INTERVAL,
-- DATE_DIFF(a, b, DAY), TIMESTAMP_DIFF, EXTRACT, COUNTIF, SAFE_DIVIDE, QUALIFY, `/` is always
-- FLOAT64 division). intake_ts / outcome_ts are DATETIME in BigQuery (TIMESTAMP here), so they
-- compare with DATE values after DATE(...) or with DATETIME bounds. The agent writes dialect
-- `bigquery`.
-- Agent: `shelter-sage`, versions 1.6, 1.7 and 1.8, deployed for network 'TCR'.
-- Log window: 2026-11-09 to 2026-11-20; the warehouse is loaded up to 2026-11-08 (nothing
-- after it). So "last month" is October 2026, "this month" November 2026 to date, "this
-- quarter" Q4 2026 to date, "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026
-- to date, "last year" 2025, "last 6 months" the six whole months May-October 2026, "right
-- now" / "rn" / "currently" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `network_id = 'TCR'` on every table of every query (row-level security);
--   * test records: `is_test = FALSE` on animals (training animals staff key during onboarding);
--     intakes, adoptions, treatments and foster placements of a test animal are excluded
--     through the animal;
--   * soft deletes: `deleted_at IS NULL` on animals (merged duplicate records) and adoptions
--     (contracts keyed twice). Rows of a deleted animal are excluded through the animal.
--
-- Business conventions of the network (what a careful analyst would apply):
--   * an intake row is one stay: intake_ts is when the animal came in, outcome_ts / outcome_type
--     when and how it left; both are NULL while the animal is still in care. Intakes are dated
--     by intake_ts, outcomes by outcome_ts. A transfer between two TCR sites is an outcome
--     (TRANSFER_OUT) at one site and an intake (TRANSFER_IN) at the other.
--   * in care / on hand / population = intakes with outcome_ts IS NULL; animals in foster are
--     in care too (an open foster placement: end_dt IS NULL). kennel_id is the kennel the
--     animal occupies (NULL while it went straight to a foster home).
--   * a site / location = any row of shelters (open-admission shelters and adoption centres
--     alike); "per shelter" / "by shelter" groups by site, adoption centres included.
--   * live outcome = outcome_type 'ADOPTION', 'RTO' (return to owner) or 'TRANSFER_OUT'.
--     live release rate (LRR) = live outcomes / all outcomes, MISSING outcomes left out of both
--     (outcomes are ADOPTION, RTO, TRANSFER_OUT, EUTHANASIA, DIED, MISSING); dated by outcome_ts.
--   * RTO rate = RTO outcomes / all outcomes (MISSING left out, as in the LRR) of the stays
--     meant (e.g. strays), dated by outcome_ts.
--   * length of stay (LOS) = whole days between DATE(intake_ts) and DATE(outcome_ts), over
--     stays that have ended, dated by the outcome.
--   * an adoption = an adoptions row with status_cd 'COMPLETED' or 'RETURNED' (a returned
--     adoption still happened), dated by adoption_dt; 'CANCELLED' adoptions never went home and
--     count nowhere. Adoption counts come from adoptions (they match outcome_type 'ADOPTION').
--   * return rate = RETURNED / (COMPLETED + RETURNED) adoptions, by adoption_dt.
--   * adoption fee = fee_amt; 0 is a fee-waived adoption (promotions) and is a fee of 0 in
--     averages. Fee revenue = SUM(fee_amt) of adoptions (COMPLETED and RETURNED).
--   * repeat adopter = adopter with two or more adoptions.
--   * donations / raised / gifts = SUM(amount) with status_cd 'RECEIVED' and donation_type other
--     than 'IN_KIND' (in-kind gifts carry an estimated value and are reported separately as
--     "in-kind"); 'PLEDGED' is not received yet, 'REFUNDED' was returned. Dated by donation_dt.
--     A donation's shelter_id is NULL when it went to the network's general fund.
--     A first-time donor is one whose first received gift (any type) falls in the period.
--   * medical spend = SUM(cost_amt) of treatments with is_voided = FALSE (voided rows were keyed
--     in error), dated by treatment_dt. Vaccines given = treatments of type 'VACCINE'.
--   * volunteer hours = SUM(hours) of shifts with shift_status 'WORKED'; active volunteer =
--     status_cd 'ACTIVE'. Shift no-show rate = NO_SHOW / (WORKED + NO_SHOW) shifts (a
--     'CANCELLED' shift was called off ahead and is out of the rate).
--   * age = whole years since birth_dt (NULL when unknown); a senior dog is 8 years or older.
--   * an empty kennel = an active kennel (is_active) with no animal in care in it.
--   * a foster is a volunteer; foster days of a placement = end_dt - start_dt.
-- ============================================================================================

CREATE TABLE shelters (
    network_id      VARCHAR NOT NULL,
    shelter_id      INTEGER PRIMARY KEY,
    shelter_nm      VARCHAR NOT NULL,
    shelter_type    VARCHAR NOT NULL,          -- SHELTER, ADOPTION_CENTER
    county_nm       VARCHAR,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE                       -- NULL while operating
);

CREATE TABLE kennels (
    network_id      VARCHAR NOT NULL,
    kennel_id       INTEGER PRIMARY KEY,
    shelter_id      INTEGER NOT NULL,
    kennel_cd       VARCHAR NOT NULL,
    kennel_type     VARCHAR NOT NULL,          -- DOG, CAT, SMALL (small animals), ISOLATION
    is_active       BOOLEAN NOT NULL           -- FALSE: out of service
);

CREATE TABLE animals (
    network_id      VARCHAR NOT NULL,
    animal_id       INTEGER PRIMARY KEY,
    shelter_id      INTEGER NOT NULL,          -- site that first took the animal in
    animal_nm       VARCHAR,
    species         VARCHAR NOT NULL,          -- DOG, CAT, RABBIT, OTHER
    breed_nm        VARCHAR,                   -- primary breed as keyed at intake
    sex_cd          VARCHAR NOT NULL,          -- M, F, U (unknown)
    is_altered      BOOLEAN NOT NULL,          -- spayed / neutered
    birth_dt        DATE,                      -- estimated; NULL when unknown
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP                  -- merged duplicate
);

CREATE TABLE intakes (
    network_id      VARCHAR NOT NULL,
    intake_id       INTEGER PRIMARY KEY,
    animal_id       INTEGER NOT NULL,
    shelter_id      INTEGER NOT NULL,          -- site of this stay
    kennel_id       INTEGER,                   -- NULL: went straight to foster
    intake_ts       TIMESTAMP NOT NULL,
    intake_type     VARCHAR NOT NULL,          -- STRAY, SURRENDER (owner surrender), SEIZURE, TRANSFER_IN, RETURN (adoption returned)
    intake_cond     VARCHAR NOT NULL,          -- HEALTHY, TREATABLE, UNTREATABLE (condition at intake)
    outcome_ts      TIMESTAMP,                 -- NULL while in care
    outcome_type    VARCHAR                    -- ADOPTION, RTO, TRANSFER_OUT, EUTHANASIA, DIED, MISSING
);

CREATE TABLE adopters (
    network_id      VARCHAR NOT NULL,
    adopter_id      INTEGER PRIMARY KEY,
    adopter_nm      VARCHAR NOT NULL,
    city_nm         VARCHAR,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE adoptions (
    network_id      VARCHAR NOT NULL,
    adoption_id     INTEGER PRIMARY KEY,
    animal_id       INTEGER NOT NULL,
    adopter_id      INTEGER NOT NULL,
    intake_id       INTEGER NOT NULL,          -- the stay it ended
    shelter_id      INTEGER NOT NULL,          -- site that adopted the animal out
    adoption_dt     DATE NOT NULL,
    fee_amt         DECIMAL(8,2) NOT NULL,     -- 0: fee waived
    status_cd       VARCHAR NOT NULL,          -- COMPLETED, RETURNED, CANCELLED
    returned_dt     DATE,                      -- set when RETURNED
    deleted_at      TIMESTAMP
);

CREATE TABLE volunteers (
    network_id      VARCHAR NOT NULL,
    volunteer_id    INTEGER PRIMARY KEY,
    vol_nm          VARCHAR NOT NULL,
    home_shelter_id INTEGER NOT NULL,
    joined_dt       DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, INACTIVE
    is_foster       BOOLEAN NOT NULL           -- approved foster home
);

CREATE TABLE foster_placements (
    network_id      VARCHAR NOT NULL,
    placement_id    INTEGER PRIMARY KEY,
    animal_id       INTEGER NOT NULL,
    intake_id       INTEGER NOT NULL,
    volunteer_id    INTEGER NOT NULL,          -- the foster home
    start_dt        DATE NOT NULL,
    end_dt          DATE,                      -- NULL: animal still in foster
    end_reason      VARCHAR                    -- BACK_TO_SHELTER, ADOPTED
);

CREATE TABLE medical_treatments (
    network_id      VARCHAR NOT NULL,
    treatment_id    INTEGER PRIMARY KEY,
    animal_id       INTEGER NOT NULL,
    intake_id       INTEGER NOT NULL,
    shelter_id      INTEGER NOT NULL,
    treatment_dt    DATE NOT NULL,
    treatment_type  VARCHAR NOT NULL,          -- VACCINE, EXAM, SPAY_NEUTER, MEDICATION, DENTAL, SURGERY
    cost_amt        DECIMAL(10,2) NOT NULL,
    vet_nm          VARCHAR,
    is_voided       BOOLEAN NOT NULL
);

CREATE TABLE volunteer_shifts (
    network_id      VARCHAR NOT NULL,
    shift_id        INTEGER PRIMARY KEY,
    volunteer_id    INTEGER NOT NULL,
    shelter_id      INTEGER NOT NULL,
    shift_dt        DATE NOT NULL,
    shift_type      VARCHAR NOT NULL,          -- KENNEL, CATTERY, EVENT, TRANSPORT, FRONT_DESK
    hours           DECIMAL(4,1) NOT NULL,     -- scheduled length
    shift_status    VARCHAR NOT NULL           -- WORKED, NO_SHOW, CANCELLED
);

CREATE TABLE donations (
    network_id      VARCHAR NOT NULL,
    donation_id     INTEGER PRIMARY KEY,
    donor_id        INTEGER NOT NULL,
    donor_nm        VARCHAR NOT NULL,
    shelter_id      INTEGER,                   -- NULL: network general fund
    donation_dt     DATE NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,    -- in-kind: estimated value
    donation_type   VARCHAR NOT NULL,          -- CARD, CASH, CHECK, IN_KIND
    campaign_cd     VARCHAR,                   -- SPRING_GALA, GIVING_TUESDAY, KITTEN_SEASON, YEAR_END; NULL: general
    status_cd       VARCHAR NOT NULL           -- RECEIVED, PLEDGED, REFUNDED
);
