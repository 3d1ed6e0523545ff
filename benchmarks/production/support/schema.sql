-- Support domain: the helpdesk warehouse of a customer-support SaaS, as seen by one of its
-- customer organisations ("acme"). Support managers at Acme ask a text-to-SQL agent about their
-- tickets, agents, teams, SLAs and satisfaction surveys.
--
-- Warehouse:  BigQuery (sqlglot dialect `bigquery`), project `helpdesk-prod`, dataset `support`;
--             agents write `helpdesk-prod.support.tickets` (backticks) or `support.tickets`.
--             Every table is shared by all customer organisations of the vendor.
-- Guards:     tenant: `org_id = 'acme'` on every table of every query (ids are only unique
--             within an organisation: ticket 17 of acme and ticket 17 of globex are different
--             tickets, so a join is safe only when both sides are scoped to acme or the join
--             also matches org_id);
--             soft delete: deleted tickets (spam, duplicates) have is_deleted = TRUE and are
--             left out of every ticket figure (`is_deleted = FALSE` / `NOT is_deleted`).
-- Agent:      deskbot, versions 0.9, 1.0, 1.1.
-- Log window: 2026-02-02 to 2026-02-27 (relative dates are read against each record's timestamp).
--
-- Conventions the support team uses:
--   channel        email, chat, phone, web ("tickets by email" = channel = 'email').
--   status         new, open, pending, hold, solved, closed. Unresolved / backlog = status NOT IN
--                  ('solved', 'closed'). A ticket counts as solved at solved_at (closed tickets
--                  were solved first and keep their solved_at).
--   priority       low, normal, high, urgent.
--   first response first_response_at - created_at (NULL while nobody has answered).
--   resolution     solved_at - created_at.
--   SLA breach     sla_breached = TRUE (a first-response or a resolution target was missed);
--                  first_response_breached covers the first-response target only.
--   CSAT           percentage of survey responses rated 4 or 5 (of 5), by submitted_at.
--   headcount      active agents (is_active = TRUE).
--   customer_id    NULL for tickets from requesters who are not a known customer account.
--   Period words   "January", "Q4", "March": the latest such period before the record's date;
--                  "this quarter", "this year", "ytd": to date.

CREATE TABLE teams (
    org_id      VARCHAR NOT NULL,
    team_id     INTEGER NOT NULL,
    team_name   VARCHAR NOT NULL,
    region      VARCHAR,                 -- AMER, EMEA, APAC
    created_at  TIMESTAMP,
    PRIMARY KEY (org_id, team_id)
);

CREATE TABLE agents (
    org_id      VARCHAR NOT NULL,
    agent_id    INTEGER NOT NULL,
    full_name   VARCHAR NOT NULL,
    email       VARCHAR,
    team_id     INTEGER,                 -- teams.team_id of the same org
    role        VARCHAR,                 -- agent, lead, admin
    hired_on    DATE,
    is_active   BOOLEAN NOT NULL,
    deactivated_at TIMESTAMP,
    PRIMARY KEY (org_id, agent_id)
);

CREATE TABLE customers (
    org_id       VARCHAR NOT NULL,
    customer_id  INTEGER NOT NULL,
    company_name VARCHAR NOT NULL,
    plan_tier    VARCHAR,                -- free, pro, enterprise
    country_code VARCHAR,
    created_at   TIMESTAMP,
    PRIMARY KEY (org_id, customer_id)
);

CREATE TABLE sla_policies (
    org_id                     VARCHAR NOT NULL,
    sla_policy_id              INTEGER NOT NULL,
    policy_name                VARCHAR NOT NULL,
    priority                   VARCHAR,  -- the ticket priority the policy applies to
    first_response_target_mins INTEGER,
    resolution_target_mins     INTEGER,
    is_active                  BOOLEAN NOT NULL,
    PRIMARY KEY (org_id, sla_policy_id)
);

CREATE TABLE tickets (
    org_id                  VARCHAR NOT NULL,
    ticket_id               INTEGER NOT NULL,
    customer_id             INTEGER,     -- NULL: requester is not a known customer
    requester_email         VARCHAR,
    assignee_id             INTEGER,     -- agents.agent_id; NULL: unassigned
    team_id                 INTEGER,     -- teams.team_id
    channel                 VARCHAR NOT NULL,  -- email, chat, phone, web
    priority                VARCHAR NOT NULL,  -- low, normal, high, urgent
    status                  VARCHAR NOT NULL,  -- new, open, pending, hold, solved, closed
    category                VARCHAR,     -- billing, technical, account, how_to, other
    subject                 VARCHAR,
    created_at              TIMESTAMP NOT NULL,
    first_response_at       TIMESTAMP,
    solved_at               TIMESTAMP,
    updated_at              TIMESTAMP,
    sla_policy_id           INTEGER,
    first_response_breached BOOLEAN,
    sla_breached            BOOLEAN,
    reopen_count            INTEGER NOT NULL DEFAULT 0,
    is_deleted              BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (org_id, ticket_id)
);

CREATE TABLE ticket_events (
    org_id      VARCHAR NOT NULL,
    event_id    BIGINT NOT NULL,
    ticket_id   INTEGER NOT NULL,
    event_type  VARCHAR NOT NULL,        -- created, assigned, agent_reply, customer_reply,
                                         -- internal_note, status_changed, escalated, reopened
    agent_id    INTEGER,                 -- the acting agent; NULL for customers and automations
    created_at  TIMESTAMP NOT NULL,
    from_status VARCHAR,
    to_status   VARCHAR,
    PRIMARY KEY (org_id, event_id)
);

CREATE TABLE csat_responses (
    org_id       VARCHAR NOT NULL,
    response_id  INTEGER NOT NULL,
    ticket_id    INTEGER NOT NULL,
    rating       INTEGER NOT NULL,       -- 1 (very unhappy) to 5 (very happy)
    comment      VARCHAR,                -- NULL when the customer left no comment
    submitted_at TIMESTAMP NOT NULL,
    PRIMARY KEY (org_id, response_id)
);
