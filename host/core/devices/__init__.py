"""Paired streaming clients and their streaming sessions."""
