-- Fleet telemetry for Kessler Foods (customer 501), a food manufacturer monitoring refrigeration,
-- process ovens, motors and compressed air at its plants and warehouses, on a multi-customer
-- industrial IoT platform.
--
-- Warehouse: Trino over Iceberg; the agent writes the `trino` dialect and names tables
--   iceberg.fleet.<table> or fleet.<table> (DuckDB here: the bare table names).
-- Agent: fleet-insights, versions 1.4, 1.5 and 1.6 (1.6 is the newest).
-- Log window: 2025-03-03 to 2025-03-28 (so "last month" is February 2025, "this quarter" is
--   Q1 2025 to date, "last quarter" / "Q4" are Q4 2024, "feb" is February 2025).
-- Guards the deployment adds:
--   * tenant: customer_id = 501 on every query (every table but device_models carries
--     customer_id; device and site ids are unique across customers);
--   * devices.decommissioned = false on every query that reads devices or what a device
--     reports (readings, alerts, uptime, firmware updates): decommissioned devices never count,
--     so those queries join devices to apply it. One decommissioned compressor sensor (1041) is
--     still powered and keeps reporting and raising alerts. Maintenance tickets are scoped by
--     customer_id only (site-level tickets have no device).
-- Conventions (given to the agent in its system prompt):
--   * readings is long: one row per device, timestamp and metric: 'temperature_c',
--     'humidity_pct', 'battery_pct' (temperature sensors), 'vibration_mm_s' and 'battery_pct'
--     (vibration sensors), 'pressure_kpa' and 'battery_pct' (pressure sensors), 'signal_dbm'
--     (gateways). Sensors report every 8 hours (00:00, 08:00, 16:00 UTC); all times are UTC.
--   * a device is offline when last_seen_at is older than the asked threshold; devices.status is
--     the last state the device itself reported and goes stale when a device dies silently.
--   * uptime = SUM(online_minutes) / (device-days * 1440) over device_uptime_daily.
--   * MTTA (mean time to acknowledge) = AVG(acknowledged_at - raised_at) over acknowledged
--     alerts; an alert belongs to the period it was raised in.
--   * open maintenance tickets = status IN ('open', 'in_progress'); a ticket's cost and period
--     are those of opened_at, except "closed"/"cancelled" counts, which are dated by closed_at
--     (set for both closed and cancelled tickets). Site-level tickets have no device_id.
--   * firmware adoption = share of (non-decommissioned) devices whose firmware_version is the
--     version asked.
--   * weeks start on Monday; "last week" is the previous Monday-Sunday week.

CREATE TABLE sites (
    customer_id   INTEGER NOT NULL,
    site_id       INTEGER NOT NULL,
    site_name     VARCHAR NOT NULL,     -- not unique across customers
    region        VARCHAR NOT NULL,     -- 'EMEA', 'NA', 'LATAM', 'APAC'
    country       VARCHAR NOT NULL,     -- ISO 2 letters
    site_type     VARCHAR NOT NULL,     -- 'plant', 'distribution_center', 'warehouse'
    opened_on     DATE
);

CREATE TABLE device_models (              -- the platform's shared catalogue (no customer_id)
    model_id              INTEGER NOT NULL,
    model_name            VARCHAR NOT NULL,
    manufacturer          VARCHAR NOT NULL,
    device_type           VARCHAR NOT NULL,  -- 'temp_sensor', 'vibration_sensor', 'gateway',
                                             -- 'pressure_sensor'
    max_operating_temp_c  DOUBLE             -- rated maximum temperature
);

CREATE TABLE devices (
    customer_id       INTEGER NOT NULL,
    device_id         INTEGER NOT NULL,
    serial_no         VARCHAR NOT NULL,
    model_id          INTEGER NOT NULL,
    site_id           INTEGER NOT NULL,
    installed_at      TIMESTAMP NOT NULL,
    last_seen_at      TIMESTAMP,          -- last message received from the device
    status            VARCHAR NOT NULL,   -- last reported state: 'online', 'offline', 'maintenance'
    firmware_version  VARCHAR NOT NULL,   -- '4.2.0' (current release), '4.1.3', '4.1.0'
    decommissioned    BOOLEAN NOT NULL,
    decommissioned_at TIMESTAMP
);

CREATE TABLE readings (
    customer_id  INTEGER NOT NULL,
    device_id    INTEGER NOT NULL,
    ts           TIMESTAMP NOT NULL,
    metric       VARCHAR NOT NULL,        -- 'temperature_c', 'humidity_pct', 'vibration_mm_s',
                                          -- 'pressure_kpa', 'battery_pct', 'signal_dbm'
    value        DOUBLE NOT NULL
);

CREATE TABLE device_uptime_daily (
    customer_id     INTEGER NOT NULL,
    device_id       INTEGER NOT NULL,
    day             DATE NOT NULL,
    online_minutes  INTEGER NOT NULL      -- 0 to 1440
);

CREATE TABLE alerts (
    customer_id      INTEGER NOT NULL,
    alert_id         BIGINT NOT NULL,
    device_id        INTEGER NOT NULL,
    raised_at        TIMESTAMP NOT NULL,
    severity         VARCHAR NOT NULL,    -- 'critical', 'major', 'minor', 'info'
    alert_type       VARCHAR NOT NULL,    -- 'over_temp', 'high_vibration', 'low_battery',
                                          -- 'offline', 'pressure_drop'
    acknowledged_at  TIMESTAMP,           -- NULL: not acknowledged
    acknowledged_by  VARCHAR,
    resolved_at      TIMESTAMP
);

CREATE TABLE firmware_updates (
    customer_id   INTEGER NOT NULL,
    update_id     BIGINT NOT NULL,
    device_id     INTEGER NOT NULL,
    from_version  VARCHAR NOT NULL,
    to_version    VARCHAR NOT NULL,
    started_at    TIMESTAMP NOT NULL,
    completed_at  TIMESTAMP,
    status        VARCHAR NOT NULL        -- 'success', 'failed', 'rolled_back', 'in_progress'
);

CREATE TABLE maintenance_tickets (
    customer_id   INTEGER NOT NULL,
    ticket_id     BIGINT NOT NULL,
    device_id     INTEGER,                -- NULL for site-level work
    site_id       INTEGER NOT NULL,
    opened_at     TIMESTAMP NOT NULL,
    closed_at     TIMESTAMP,              -- set when closed or cancelled
    priority      VARCHAR NOT NULL,       -- 'P1', 'P2', 'P3'
    status        VARCHAR NOT NULL,       -- 'open', 'in_progress', 'closed', 'cancelled'
    technician    VARCHAR,
    cost_usd      DECIMAL(10, 2),         -- NULL when cancelled or not yet billed
    description   VARCHAR
);
