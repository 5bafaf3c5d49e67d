"""Helio's in-browser demo kit.

`demo.runtime` is pure Python shared by the native tools and the service worker
(it runs under CPython and Pyodide alike). `demo.build` holds the native build
steps, `demo.browser` the adapters that only exist inside Pyodide.
"""
