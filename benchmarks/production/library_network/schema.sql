-- ============================================================================================
-- library_network: the integrated library system (ILS) warehouse of a public-library
-- consortium, shared by the member library systems that host on it (DuckDB DDL for labelling)
--
-- Company: "Riverlands Library Consortium" runs one ILS for its member systems: LIB-0617
-- (Ashgrove Public Library, five branches and a bookmobile), LIB-0402 and LIB-0733. Every
-- system's branches, patrons and their cards, the catalogue (bibliographic titles and the
-- physical items and e-content licences attached to them), checkouts, holds, fines and fees with
-- their payments and waivers, interlibrary loans between member systems and library programs sit
-- in shared tables keyed by lib_sys_id.
--
-- Warehouse: Amazon Redshift. The agent writes dialect `redshift`.
-- Agent: `shelfbot`, versions 1.6, 1.7 and 1.8, deployed for member system LIB-0617 (Ashgrove).
-- Log window: 2026-11-02 to 2026-11-27. The warehouse's dated facts (checkouts, returns, holds,
-- fees and payments, ILL requests, programs) end on 2026-11-01, the last load before the window.
-- So "last month" / "in Oct" is October 2026, "this quarter" Q4 2026 (October 1 onwards),
-- "last quarter" / "Q3" July-September 2026, "this year" / "ytd" 2026, "last year" 2025.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `lib_sys_id = 'LIB-0617'` on every table a query reads (every table carries it);
--   * `is_test = 0` on patrons (staff test cards) and on checkouts (training circulation at the
--     desk; test cards' checkouts carry is_test = 1 too);
--   * `deleted_at IS NULL` on patrons (records purged under the privacy policy; their old
--     checkouts are older than 2025 and stay in the facts);
--   * `del_flg = 0` on items (item records deleted from the catalogue, entered in error; they
--     never circulated). Withdrawn items are item_stat 'WDN' and are NOT deleted.
--   Each guard applies to every query that reads its table.
--
-- Business conventions at this library (what a careful analyst would apply):
--   * patrons: "active patrons" / "active cardholders" are patrons whose card has not expired
--     (exp_dt >= today), blocked or not; never "has borrowed lately". "New cards" / "new
--     patrons" are dated by reg_dt. card_type 'ADT' adult, 'JUV' juvenile (kids' card), 'SR'
--     senior, 'STF' staff, 'TMP' temporary/visitor. blk_cd is the block on the card: 'FIN'
--     fines over the limit, 'LST' card reported lost, 'MAN' manual block by staff; NULL = not
--     blocked. home_br_id is the patron's home branch.
--   * catalogue: a title (bib) is a work in one format (titles.fmt_cd: 'BK' book, 'LP' large
--     print, 'DVD', 'ACD' audiobook on CD, 'EBK' e-book, 'EAB' e-audiobook). An item is one
--     copy with a barcode; e-content (EBK, EAB) has one item per licence, is_digital = 1, and
--     lic_left = checkouts left on a metered licence (NULL = perpetual licence, never runs out).
--     "Digital" / "e-content" means EBK and EAB. item_stat: 'AVL' on shelf, 'OUT' checked
--     out, 'HLD' on the hold shelf, 'TRN' in transit, 'LST' lost (declared lost, billed),
--     'MIS' missing (not found on the shelf), 'WDN' withdrawn (weeded). "Lost" is 'LST' only.
--     Acquisitions: acq_dt, acq_cost, fund_cd ('ADL' adult, 'YTH' youth, 'DIG' digital,
--     'REF' reference); "collection spend" = SUM(acq_cost) dated by acq_dt.
--   * circulation: one checkouts row per checkout; "circ" / "checkouts" / "loans" count rows
--     (renewals are not new checkouts: renew_cnt counts them on the row). Dated by co_ts, at the
--     checkout branch co_br_id. A checkout is "out" while ret_ts IS NULL; "overdue" = out and
--     due_dt before today (due today is not overdue). od_days = days late at return (0 when
--     returned on time, NULL while still out). "Loan length" = days from co_ts to ret_ts.
--   * holds (requests): one row per hold placed, dated by placed_ts. hold_stat 'W' waiting in the
--     queue, 'T' in transit to pickup, 'R' ready on the hold shelf, 'F' fulfilled (picked up,
--     filled_ts), 'X' expired (never picked up or never filled), 'C' cancelled by the patron.
--     "Active holds" are W, T, R. A count or share of "holds placed" counts every hold placed,
--     whatever its outcome. q_pos = queue position while waiting (NULL otherwise). "Wait" for
--     a filled hold = days from placed_ts to filled_ts.
--   * fines and fees: one fees row per charge (fee_type 'OVD' overdue fine, 'LST' lost item,
--     'DMG' damage, 'CRD' card replacement), dated by assessed_dt. fee_txns holds payments
--     (txn_type 'PAY') and waivers ('WVE') against a fee. "Fines collected" / "fine revenue" =
--     SUM(txn_amt) of 'PAY' rows dated by txn_dt; a waiver is not revenue. A patron's
--     "balance" / "amount owed" = SUM(fee_amt) - SUM of all their fee_txns (payments and waivers).
--   * interlibrary loan: ill_requests rows of LIB-0617 are its own requests, direction 'BOR' (we
--     borrow from partner_lib_id) or 'LND' (we lend to partner_lib_id). ill_stat 'REQ' requested,
--     'SHP' shipped, 'RCV' received, 'RET' returned to the lender, 'UNF' unfilled, 'CNC' cancelled
--     by the patron. A request is "filled" when recv_dt is set; "fill rate" = filled / requests,
--     cancelled requests left out of both.
--   * programs: one programs row per session (storytime, class, talk ...), prog_type 'STORY',
--     'STEM', 'BOOKCLUB', 'CLASS', 'TALK'; aud_cd 'A' adult, 'Y' teen, 'J' children. is_cxl = 1
--     cancelled (never held: cancelled sessions do not count as programs or attendance).
--     reg_cnt registrations, attend_cnt head count; "attendance rate" = SUM(attend_cnt) /
--     SUM(reg_cnt) as totals, over sessions held.
-- ============================================================================================

CREATE TABLE branches (
    lib_sys_id  VARCHAR NOT NULL,
    br_id       INTEGER NOT NULL,       -- unique across the consortium
    br_cd       VARCHAR NOT NULL,       -- e.g. 'ASH-CEN'
    br_nm       VARCHAR NOT NULL,
    br_type     VARCHAR NOT NULL,       -- 'MAIN' central library, 'BR' branch, 'BKM' bookmobile
    open_dt     DATE NOT NULL,
    is_active   SMALLINT NOT NULL       -- 0 = closed
);

CREATE TABLE patrons (
    lib_sys_id  VARCHAR NOT NULL,
    ptrn_id     INTEGER NOT NULL,
    card_no     VARCHAR NOT NULL,       -- library card barcode
    card_type   VARCHAR NOT NULL,       -- 'ADT', 'JUV', 'SR', 'STF', 'TMP'
    home_br_id  INTEGER NOT NULL,
    reg_dt      DATE NOT NULL,          -- card issued
    exp_dt      DATE NOT NULL,          -- card expiry
    blk_cd      VARCHAR,                -- 'FIN', 'LST', 'MAN'; NULL = not blocked
    birth_yr    SMALLINT,
    is_test     SMALLINT NOT NULL,      -- 1 = staff test card
    deleted_at  TIMESTAMP               -- purged record
);

CREATE TABLE titles (
    lib_sys_id  VARCHAR NOT NULL,
    bib_id      INTEGER NOT NULL,
    title       VARCHAR NOT NULL,
    author      VARCHAR,
    fmt_cd      VARCHAR NOT NULL,       -- 'BK', 'LP', 'DVD', 'ACD', 'EBK', 'EAB'
    aud_cd      VARCHAR NOT NULL,       -- 'A' adult, 'Y' teen, 'J' children
    pub_yr      SMALLINT
);

CREATE TABLE items (
    lib_sys_id  VARCHAR NOT NULL,
    item_id     INTEGER NOT NULL,
    bib_id      INTEGER NOT NULL,
    barcode     VARCHAR NOT NULL,
    call_no     VARCHAR,                -- NULL for e-content
    own_br_id   INTEGER,                -- owning branch; NULL for e-content
    item_stat   VARCHAR NOT NULL,       -- 'AVL', 'OUT', 'HLD', 'TRN', 'LST', 'MIS', 'WDN'
    is_digital  SMALLINT NOT NULL,      -- 1 = e-content licence
    lic_left    INTEGER,                -- checkouts left on a metered licence; NULL = perpetual or physical
    acq_dt      DATE NOT NULL,
    acq_cost    DECIMAL(10,2) NOT NULL,
    fund_cd     VARCHAR NOT NULL,       -- 'ADL', 'YTH', 'DIG', 'REF'
    wdn_dt      DATE,                   -- withdrawn on
    del_flg     SMALLINT NOT NULL       -- 1 = deleted record
);

CREATE TABLE checkouts (
    lib_sys_id  VARCHAR NOT NULL,
    circ_id     BIGINT NOT NULL,
    item_id     INTEGER NOT NULL,
    ptrn_id     INTEGER NOT NULL,
    co_br_id    INTEGER NOT NULL,       -- branch where checked out (the e-content platform: the home branch)
    co_ts       TIMESTAMP NOT NULL,
    due_dt      DATE NOT NULL,          -- current due date (after renewals)
    renew_cnt   SMALLINT NOT NULL,
    ret_ts      TIMESTAMP,              -- NULL = still out
    od_days     INTEGER,                -- days late at return; 0 on time; NULL while out
    is_test     SMALLINT NOT NULL
);

CREATE TABLE holds (
    lib_sys_id   VARCHAR NOT NULL,
    hold_id      BIGINT NOT NULL,
    bib_id       INTEGER NOT NULL,
    ptrn_id      INTEGER NOT NULL,
    pickup_br_id INTEGER NOT NULL,
    placed_ts    TIMESTAMP NOT NULL,
    hold_stat    VARCHAR NOT NULL,      -- 'W', 'T', 'R', 'F', 'X', 'C'
    q_pos        INTEGER,               -- queue position while waiting
    filled_ts    TIMESTAMP,             -- picked up
    closed_ts    TIMESTAMP              -- fulfilled, expired or cancelled at
);

CREATE TABLE fees (
    lib_sys_id  VARCHAR NOT NULL,
    fee_id      INTEGER NOT NULL,
    ptrn_id     INTEGER NOT NULL,
    circ_id     BIGINT,                 -- the checkout it arose from; NULL for card fees
    fee_type    VARCHAR NOT NULL,       -- 'OVD', 'LST', 'DMG', 'CRD'
    assessed_dt DATE NOT NULL,
    fee_amt     DECIMAL(8,2) NOT NULL
);

CREATE TABLE fee_txns (
    lib_sys_id  VARCHAR NOT NULL,
    txn_id      INTEGER NOT NULL,
    fee_id      INTEGER NOT NULL,
    txn_dt      DATE NOT NULL,
    txn_type    VARCHAR NOT NULL,       -- 'PAY' payment, 'WVE' waiver
    pay_mthd    VARCHAR,                -- 'CASH', 'CARD', 'ONLINE'; NULL for waivers
    txn_amt     DECIMAL(8,2) NOT NULL
);

CREATE TABLE ill_requests (
    lib_sys_id     VARCHAR NOT NULL,
    ill_id         INTEGER NOT NULL,
    direction      VARCHAR NOT NULL,    -- 'BOR' we borrow, 'LND' we lend
    partner_lib_id VARCHAR NOT NULL,    -- the other member system, e.g. 'LIB-0402'
    bib_id         INTEGER,
    ptrn_id        INTEGER,             -- our patron (BOR only)
    req_dt         DATE NOT NULL,
    ship_dt        DATE,
    recv_dt        DATE,                -- received by the borrower
    ill_stat       VARCHAR NOT NULL     -- 'REQ', 'SHP', 'RCV', 'RET', 'UNF', 'CNC'
);

CREATE TABLE programs (
    lib_sys_id  VARCHAR NOT NULL,
    prog_id     INTEGER NOT NULL,
    br_id       INTEGER NOT NULL,
    prog_nm     VARCHAR NOT NULL,
    prog_type   VARCHAR NOT NULL,       -- 'STORY', 'STEM', 'BOOKCLUB', 'CLASS', 'TALK'
    aud_cd      VARCHAR NOT NULL,       -- 'A', 'Y', 'J'
    prog_dt     DATE NOT NULL,
    capacity    INTEGER,                -- NULL = unlimited
    reg_cnt     INTEGER NOT NULL,
    attend_cnt  INTEGER NOT NULL,       -- 0 for cancelled sessions
    is_cxl      SMALLINT NOT NULL
);
