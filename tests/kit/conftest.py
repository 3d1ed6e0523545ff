"""The kit's tests use pytester to run pytest on generated test files."""

pytest_plugins = ["pytester"]
