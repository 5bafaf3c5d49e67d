"""The Compose front door of the demo kit: a Compose project -> a demo manifest.

Pure Python (PyYAML, fastjsonschema and the standard library), so the same analyzer runs
natively (`python -m demo analyze|init|build -f compose.yaml`) and in Pyodide (the
Studio page). Modules, in the order a project flows through them:

    source.py       one YAML file with the line of every key; `ComposeError`
    keys.py         mapping keys as text (free of PyYAML: the OpenAPI loader uses it too)
    interpolate.py  `.env` and `${VAR}` interpolation
    project.py      files, schema validation, `extends`, merging, profiles
    rules.py        service -> adapter (or the reason it cannot run), addresses
    analysis.py     the report: text and stable JSON, exit codes
    generate.py     the source manifest `init` writes (native: files)
"""
