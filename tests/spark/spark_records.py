"""Generated records for the Spark tests: several agents, good and bad SQL, bad records."""

from __future__ import annotations

import random
from typing import Any

AGENTS = ("alpha", "beta", "gamma")

# (question, sql) pairs of varying quality: right, missing filter, wrong aggregate, extras ...
PAIRS: tuple[tuple[str, str], ...] = (
    ("How many users are active?", "SELECT COUNT(*) FROM users WHERE status = 'active'"),
    ("How many users are active?", "SELECT COUNT(*) FROM users"),
    ("What is the total revenue in 2023?",
     "SELECT SUM(revenue) FROM sales WHERE year = 2023"),
    ("What is the total revenue in 2023?",
     "SELECT AVG(revenue) FROM sales WHERE year = 2023"),
    ("Average order value per country",
     "SELECT country, AVG(amount) FROM orders GROUP BY country"),
    ("Top 5 products by sales",
     "SELECT product, SUM(sales) AS s FROM sales GROUP BY product ORDER BY s DESC LIMIT 5"),
    ("List customers in Paris",
     "SELECT name FROM customers WHERE city = 'Paris' AND tenant_id = 7 LIMIT 1000"),
    ("List customers in Paris", "SELECT name FROM customers LIMIT 5"),
    ("Number of open tickets by priority",
     "SELECT priority, COUNT(*) FROM tickets WHERE state = 'open' GROUP BY priority"),
    ("Highest salary in engineering",
     "SELECT MAX(salary) FROM employees WHERE dept = 'engineering'"),
    ("Which orders were shipped after 2024-01-01?",
     "WITH s AS (SELECT * FROM orders WHERE shipped_at > '2024-01-01') SELECT id FROM s"),
    ("Show orders with status shipped", "SELECT * FROM orders WHERE status = 'pending'"),
    # a tenant guard (info) beside a reversed ranking (critical): a cause and a noted code
    ("Top 5 products by sales",
     "SELECT product, SUM(sales) AS s FROM sales WHERE tenant_id = 7 GROUP BY product "
     "ORDER BY s ASC LIMIT 5"),
)
BAD_SQL = ("SELECT FROM WHERE", "SELEC * FORM t", "SELECT (1", "")


def make_records(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` records with ids ``"1"``..``"n"``; about 1 in 12 bad SQL, 1 in 20 no question."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for i in range(1, n + 1):
        question, sql = PAIRS[rng.randrange(len(PAIRS))]
        rec: dict[str, Any] = {
            "id": str(i),
            "question": question,
            "sql": sql,
            "agent": AGENTS[rng.randrange(len(AGENTS))],
            "enriched_question": None,
            "dialect": None,
            "timestamp": f"2024-05-{1 + i % 28:02d}T10:00:00Z",
            "metadata": None,
        }
        roll = rng.random()
        if roll < 1 / 12:
            rec["sql"] = BAD_SQL[rng.randrange(len(BAD_SQL))]
        elif roll < 1 / 12 + 1 / 20:
            rec["question"] = None
        elif roll < 0.2:
            rec["enriched_question"] = question + " (only the last year)"
        out.append(rec)
    return out
