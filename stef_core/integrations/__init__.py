"""STEF where teams already watch their agents: one module per tool, each importing that tool
(and only that module may: the core never imports them).

* :mod:`stef_core.integrations.mlflow`: a scorer for ``mlflow.genai.evaluate`` and STEF's
  results attached to MLflow traces as feedback (``pip install 'stef[mlflow]'``).
"""
