-- Fundraising domain: the shared donor and fundraising warehouse of a federation of UK charities,
-- as seen by one member charity, Riverside Children's Trust (charity_id 'RCX'). Its fundraising,
-- supporter-care and finance staff ask a text-to-SQL agent about donors, gifts, recurring pledges,
-- campaigns, events, Gift Aid, volunteers and grants.
--
-- Warehouse:  BigQuery (sqlglot dialect `bigquery`), project `fedgiving-dw`, dataset `fundraising`;
--             agents write `fedgiving-dw.fundraising.gifts` (backticks) or `fundraising.gifts`.
--             Every table is shared by the federation's member charities (RCX, HBT, MWF).
-- Guards:     tenant: `charity_id = 'RCX'` on every table of every query. Ids are unique only
--             within a charity (donor 12 of RCX and donor 12 of HBT are different people,
--             campaign 3 of RCX is not campaign 3 of HBT), so a join is safe only when both sides
--             are scoped to RCX or the join also matches charity_id;
--             test gifts: gifts.is_test = TRUE are payment-gateway and training entries, left out
--             of every gift figure (`is_test = FALSE` / `NOT is_test`);
--             anonymised donors: donors.is_anonymised = TRUE are supporters erased on request
--             (GDPR); their stub rows keep their gifts, which still count in money totals (by
--             period, campaign, payment method, region...), but they are left out of every donor
--             list, donor count and per-donor figure (join donors and filter `NOT is_anonymised`).
-- Agent:      giving-assistant, versions 4.1, 4.2, 4.3 (4.3 is the newest).
-- Log window: 2025-10-06 to 2025-10-31 (relative dates are read against each record's timestamp;
--             the warehouse holds gifts up to 2025-10-03, the last load before the window).
--
-- Conventions the fundraising team uses:
--   raised / income / giving   SUM(amount) of gifts with status = 'received' (pending, failed and
--                  refunded gifts are not money raised), by gift_date; amounts are GBP.
--   gift status    received, pending, failed, refunded. A refund keeps the gift's row with status
--                  'refunded'. Refund rate = refunded / (received + refunded) gifts.
--   gift counts    "gifts", "donations" count received gifts unless another status is asked for.
--   payment_method card, direct_debit, cheque, cash, bank_transfer, paypal ("DD" = direct_debit).
--   donor_id       NULL on gifts nobody can be traced to (bucket collections, cash in shops).
--   a donor "gave" has at least one received gift. New donor in a period: a donor whose FIRST
--                  received gift falls in the period (donors.created_at is when the CRM record
--                  was made, often long before a first gift, e.g. an event sign-up).
--                  Lapsed (for a year): gave in the previous year, no received gift since.
--   recurring      a gift with pledge_id set is an instalment of a recurring pledge; failed
--                  instalments are gifts with status 'failed'.
--   pledge status  active, paused, cancelled, completed; cancelled_at dates a cancellation,
--                  end_date is the scheduled end (NULL = open-ended).
--   Gift Aid       claimable = 25 % of received gifts with gift_aid_eligible = TRUE (the gift-level
--                  flag: a valid declaration at the gift date and a UK taxpayer; donors.
--                  gift_aid_declared only says a declaration exists today). Gift Aid received =
--                  SUM(claim_amount) of gift_aid_claims with status 'paid', by paid_on.
--   events         registrations status confirmed, attended, no_show, cancelled (cancelled ones are
--                  refunded: their fee_paid is not income). No-show rate = no_show / (attended +
--                  no_show) for past events.
--   grants         decision pending, awarded, declined; success rate = awarded / (awarded +
--                  declined) by applied_on; money awarded is amount_awarded, dated decided_on.
--   volunteers     hours from volunteer_hours (one row per shift), dated work_date.
--   Period words   "last month", "Q3", "last quarter": the latest such period before the record's
--                  date; "this year", "ytd": the calendar year to date; "FY" / "this FY": the
--                  charity's financial year, 1 April to 31 March (FY 2025/26 from 2025-04-01).

CREATE TABLE households (
    charity_id      VARCHAR NOT NULL,
    household_id    INTEGER NOT NULL,
    household_name  VARCHAR NOT NULL,
    postcode_area   VARCHAR,
    PRIMARY KEY (charity_id, household_id)
);

CREATE TABLE donors (
    charity_id        VARCHAR NOT NULL,
    donor_id          INTEGER NOT NULL,
    donor_type        VARCHAR NOT NULL,        -- individual, organisation
    first_name        VARCHAR,                 -- NULL once anonymised
    last_name         VARCHAR,                 -- organisation name for organisations
    email             VARCHAR,
    household_id      INTEGER,                 -- households.household_id of the same charity
    region            VARCHAR,                 -- London, South East, South West, Midlands, North, Scotland, Wales
    gift_aid_declared BOOLEAN NOT NULL,
    is_anonymised     BOOLEAN NOT NULL,
    anonymised_at     TIMESTAMP,
    created_at        TIMESTAMP NOT NULL,      -- CRM record created
    PRIMARY KEY (charity_id, donor_id)
);

CREATE TABLE campaigns (
    charity_id     VARCHAR NOT NULL,
    campaign_id    INTEGER NOT NULL,
    campaign_name  VARCHAR NOT NULL,
    channel        VARCHAR,                    -- mail, email, online, event, phone, tv
    start_date     DATE NOT NULL,
    end_date       DATE,
    goal_amount    NUMERIC(12, 2),
    PRIMARY KEY (charity_id, campaign_id)
);

CREATE TABLE pledges (
    charity_id         VARCHAR NOT NULL,
    pledge_id          INTEGER NOT NULL,
    donor_id           INTEGER NOT NULL,
    frequency          VARCHAR NOT NULL,       -- monthly, quarterly, annual
    instalment_amount  NUMERIC(10, 2) NOT NULL,
    payment_method     VARCHAR NOT NULL,       -- direct_debit, card
    start_date         DATE NOT NULL,
    end_date           DATE,                   -- scheduled end; NULL = open-ended
    status             VARCHAR NOT NULL,       -- active, paused, cancelled, completed
    cancelled_at       DATE,
    PRIMARY KEY (charity_id, pledge_id)
);

CREATE TABLE gifts (
    charity_id        VARCHAR NOT NULL,
    gift_id           INTEGER NOT NULL,
    donor_id          INTEGER,                 -- NULL: untraceable (buckets, shop cash)
    campaign_id       INTEGER,                 -- NULL: unsolicited / general
    pledge_id         INTEGER,                 -- set on instalments of a recurring pledge
    gift_date         DATE NOT NULL,
    amount            NUMERIC(12, 2) NOT NULL,
    payment_method    VARCHAR NOT NULL,
    status            VARCHAR NOT NULL,        -- received, pending, failed, refunded
    gift_aid_eligible BOOLEAN NOT NULL,
    is_test           BOOLEAN NOT NULL,
    PRIMARY KEY (charity_id, gift_id)
);

CREATE TABLE gift_aid_claims (
    charity_id    VARCHAR NOT NULL,
    claim_id      INTEGER NOT NULL,
    gift_id       INTEGER NOT NULL,
    submitted_on  DATE NOT NULL,
    claim_amount  NUMERIC(10, 2) NOT NULL,
    status        VARCHAR NOT NULL,            -- submitted, paid, rejected
    paid_on       DATE,
    PRIMARY KEY (charity_id, claim_id)
);

CREATE TABLE events (
    charity_id    VARCHAR NOT NULL,
    event_id      INTEGER NOT NULL,
    event_name    VARCHAR NOT NULL,
    event_type    VARCHAR NOT NULL,            -- run, gala, challenge, quiz, webinar
    event_date    DATE NOT NULL,
    capacity      INTEGER,
    PRIMARY KEY (charity_id, event_id)
);

CREATE TABLE registrations (
    charity_id       VARCHAR NOT NULL,
    registration_id  INTEGER NOT NULL,
    event_id         INTEGER NOT NULL,
    donor_id         INTEGER NOT NULL,
    registered_at    TIMESTAMP NOT NULL,
    status           VARCHAR NOT NULL,         -- confirmed, attended, no_show, cancelled
    fee_paid         NUMERIC(8, 2) NOT NULL,
    PRIMARY KEY (charity_id, registration_id)
);

CREATE TABLE volunteers (
    charity_id    VARCHAR NOT NULL,
    volunteer_id  INTEGER NOT NULL,
    donor_id      INTEGER,                     -- linked supporter record, if any
    full_name     VARCHAR NOT NULL,
    joined_on     DATE NOT NULL,
    is_active     BOOLEAN NOT NULL,
    PRIMARY KEY (charity_id, volunteer_id)
);

CREATE TABLE volunteer_hours (
    charity_id    VARCHAR NOT NULL,
    shift_id      INTEGER NOT NULL,
    volunteer_id  INTEGER NOT NULL,
    work_date     DATE NOT NULL,
    hours         NUMERIC(5, 2) NOT NULL,
    activity      VARCHAR NOT NULL,            -- shop, event, office, fundraising
    PRIMARY KEY (charity_id, shift_id)
);

CREATE TABLE grants (
    charity_id        VARCHAR NOT NULL,
    grant_id          INTEGER NOT NULL,
    funder_name       VARCHAR NOT NULL,
    applied_on        DATE NOT NULL,
    decision          VARCHAR NOT NULL,        -- pending, awarded, declined
    decided_on        DATE,
    amount_requested  NUMERIC(12, 2) NOT NULL,
    amount_awarded    NUMERIC(12, 2),          -- NULL unless awarded
    PRIMARY KEY (charity_id, grant_id)
);
